import { GhError, type GhRunner } from "../github/gh.js";
import { type Share, shareOfGist } from "./find-shares.js";
import { deleteGist, gistIdOf, readGist } from "./gist-api.js";

/**
 * Deletes one share, by gist id or address: only a gist whose description says pi-report shared it, so
 * a mistyped id cannot delete someone's other gist.
 *
 * @throws {GhError} when there is no such gist, it is not a pi-report share, or GitHub refuses.
 */
export async function deleteShare(
  idOrUrl: string,
  options: { gh: GhRunner; env?: Record<string, string | undefined> },
): Promise<Share> {
  const gistId = gistIdOf(idOrUrl);
  const gist = await readGist(options.gh, gistId);
  if (gist === null)
    throw new GhError(`there is no gist ${gistId} (deleted already?): see pi-report share --list.`);
  const share = shareOfGist(gist, options.env ?? {});
  if (share === null) {
    throw new GhError(
      `gist ${gistId} is not a pi-report share (its description is ${JSON.stringify(gist.description ?? "")}): pi-report deletes only what it shared.`,
    );
  }
  const failed = await deleteGist(options.gh, gistId);
  if (failed !== null) throw new GhError(`could not delete gist ${gistId}: ${failed}`);
  return share;
}
