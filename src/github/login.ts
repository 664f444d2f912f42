import { GhError, type GhRunner, ghSaid } from "./gh.js";

/** The account a GitHub Actions job's own token (`GITHUB_TOKEN`) writes as. */
export const ACTIONS_BOT_LOGIN = "github-actions[bot]";

/**
 * The login of the account gh writes as: what `gh api user` answers; for a GitHub App's installation
 * token, which may not read `/user` (GitHub answers 403 "Resource not accessible by integration"), and
 * for any token inside a GitHub Actions job that cannot, the Actions bot. A login that is not the token's
 * own only means a new comment where one could have been edited: never someone else's comment edited.
 *
 * @throws {GhError} when gh cannot say (offline, a token GitHub refuses), with what gh said.
 */
export async function ghLogin(gh: GhRunner, env: Record<string, string | undefined>): Promise<string> {
  const result = await gh(["api", "user", "--jq", ".login"]);
  const login = result.stdout.trim();
  if (result.code === 0 && login !== "") return login;
  const integration = /Resource not accessible by integration/i.test(result.stderr);
  if (integration || env.GITHUB_ACTIONS === "true") return ACTIONS_BOT_LOGIN;
  throw new GhError(`could not tell which GitHub account gh is logged in as: ${ghSaid(result)}`, result);
}
