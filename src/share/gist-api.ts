import { GhError, type GhRunner, ghSaid } from "../github/gh.js";
import type { GistRecord } from "./find-shares.js";

/** A gist id from an id or a gist's address (`https://gist.github.com/<user>/<id>`). */
export function gistIdOf(idOrUrl: string): string {
  const last =
    idOrUrl
      .trim()
      .replace(/(?<!\/)\/+$/, "")
      .split("/")
      .at(-1) ?? "";
  const query = last.search(/[#?]/);
  const id = query === -1 ? last : last.slice(0, query);
  if (!/^[0-9a-zA-Z]+$/.test(id)) throw new GhError(`\`${idOrUrl}\` is not a gist id or gist address.`);
  return id;
}

/** One gist, read through `gh api`; null when GitHub says there is none (404). */
export async function readGist(gh: GhRunner, gistId: string): Promise<GistRecord | null> {
  const result = await gh(["api", `gists/${gistId}`]);
  if (result.code !== 0) {
    if (/\b404\b|Not Found/i.test(result.stderr)) return null;
    throw new GhError(`could not read gist ${gistId}: ${ghSaid(result)}`);
  }
  try {
    return JSON.parse(result.stdout) as GistRecord;
  } catch {
    throw new GhError(`gh returned something that is not a gist for ${gistId}`);
  }
}

/** Deletes a gist; what gh said when it could not. */
export async function deleteGist(gh: GhRunner, gistId: string): Promise<string | null> {
  // `gh api` rather than `gh gist delete`, which asks to confirm in gh 2.5x and has no --yes in 2.2x.
  const result = await gh(["api", "--method", "DELETE", `gists/${gistId}`]);
  return result.code === 0 ? null : ghSaid(result);
}
