import { readdirSync } from "node:fs";
import { showControlCharacters } from "../../render/primitives/control-characters.js";
import type { ArchiveModel } from "../model/archive-model.js";
import { renderIndexPages } from "./index-html.js";

/** Writes the index's pages (index.html, index-2.html, …): the names of those after the first. */
export async function writeIndexPages(
  staging: { write(relative: string, content: string): Promise<void> },
  model: ArchiveModel,
  search: Parameters<typeof renderIndexPages>[1],
): Promise<string[]> {
  const pages = renderIndexPages(model, search);
  for (const page of pages) await staging.write(page.name, showControlCharacters(page.html));
  return pages.map((page) => page.name).filter((name) => name !== "index.html");
}

/** Pages of the index an earlier run wrote that this one does not (the site has fewer sessions now). */
export function stalePages(output: string, pages: readonly string[]): string[] {
  const now = new Set(pages);
  return readdirSync(output).filter((name) => /^index-[0-9]+\.html$/.test(name) && !now.has(name));
}
