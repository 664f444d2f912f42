import { mkdirSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { UsageError } from "./usage-error.js";
import { type ReportFile, writeReportFiles } from "./write-output.js";

/** An image the Markdown report links, `path` relative to the report's folder (`r.md.assets/img-001.png`). */
export interface ReportImage {
  path: string;
  data: Uint8Array;
}

/**
 * Writes a Markdown report to a plain file with its images in `<name>.assets/` beside it, all or none:
 * when any cannot be written (a full disk), the earlier report and its images stay as they were and no
 * folder this run made is left. Then removes the images of an earlier report that this one no longer links.
 *
 * @throws {UsageError} as `writeReportFiles`, or when the images' folder cannot be made.
 */
export async function writeMarkdownReport(
  output: string,
  text: string | readonly string[],
  images: readonly ReportImage[],
  inputPath: string,
): Promise<void> {
  const folder = join(dirname(output), `${basename(output)}.assets`);
  const madeFolder = images.length > 0 && makeFolder(folder, output);
  // Images first, so the report never links a file that is not there yet.
  const files: ReportFile[] = images.map((image) => ({
    path: join(dirname(output), image.path),
    content: image.data,
  }));
  files.push({ path: output, content: text });
  try {
    await writeReportFiles(files, inputPath);
  } catch (error) {
    if (madeFolder) {
      try {
        rmdirSync(folder); // Empty again: the images' temporary files are gone.
      } catch {}
    }
    throw error;
  }
  removeStaleImages(folder, images);
}

/**
 * Makes the images' folder and says whether this run made it. Not `recursive`: the report's own folder
 * must be there already, and Node's recursive mkdir never returns under `/proc` (`/dev/fd/3.assets`).
 */
function makeFolder(folder: string, output: string): boolean {
  try {
    mkdirSync(folder);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code === "ENOENT") {
      throw new UsageError(
        `${output}: cannot write the report: the folder ${dirname(resolve(output))} does not exist; create it or choose another -o path (ENOENT).`,
      );
    }
    throw new UsageError(
      `${folder}: cannot create the folder for the report's images (${code ?? String(error)}).`,
    );
  }
}

/** The names the Markdown report gives the images it writes (`MarkdownImages`): the only files removed. */
const IMAGE_NAME = /^img-[0-9]{3,}\.(?:png|jpg|gif|webp)$/;

/**
 * Removes the images an earlier report left in its assets folder that this one no longer links (the same
 * `-o` rewritten from another session, or one with fewer images), and the folder if that empties it.
 * Only files named as the report names its images are touched.
 */
function removeStaleImages(folder: string, written: readonly { path: string }[]): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return; // No folder: nothing left over.
  }
  const kept = new Set(written.map((asset) => basename(asset.path)));
  for (const name of names) {
    if (IMAGE_NAME.test(name) && !kept.has(name)) rmSync(join(folder, name), { force: true });
  }
  if (written.length === 0) {
    try {
      rmdirSync(folder); // Fails, and is left, when something else is in it.
    } catch {}
  }
}
