import type { SecretLintCoreResultMessage } from "@secretlint/types";

/** Readable kinds for the message ids of secretlint's recommended preset (11.x). */
const KINDS: Readonly<Record<string, string>> = {
  AWSAccessKeyID: "aws-access-key-id",
  AWSSecretAccessKey: "aws-secret-access-key",
  PrivateKey: "private-key",
  NPM_ACCESS_TOKEN: "npm-token",
  Npmrc_authToken: "npm-token",
  PackageJSON_xOauthToken: "github-token",
  BasicAuth: "basic-auth",
  SLACK_TOKEN: "slack-token",
  IncomingWebhook: "slack-webhook",
  SENDGRID_KEY: "sendgrid-api-key",
  SHOPIFY_KEY: "shopify-token",
  GITHUB_TOKEN: "github-token",
  OPENAI_TOKEN: "openai-api-key",
  ANTHROPIC_API_KEY: "anthropic-api-key",
  LINEAR_API_TOKEN: "linear-api-key",
  OPS_TOKEN: "onepassword-token",
  MongoDBConnection: "mongodb-password",
  MySQLConnection: "mysql-password",
  PostgreSQLConnection: "postgres-password",
};

/** Message ids whose range is a whole URL; only its password is redacted, so host and database stay readable. */
export const URL_MESSAGE_IDS: ReadonlySet<string> = new Set([
  "BasicAuth",
  "MongoDBConnection",
  "MySQLConnection",
  "PostgreSQLConnection",
]);

/**
 * The kind a secretlint message is counted and marked as. Ids this table does not know (rules a later
 * preset adds) become kebab-case of the message id, letters only, so a marker stays plain text.
 */
export function secretlintKind(message: SecretLintCoreResultMessage): string {
  if (message.messageId === "GITHUB_TOKEN" && secretValue(message)?.startsWith("github_pat_")) {
    return "github-fine-grained-token";
  }
  const known = KINDS[message.messageId];
  if (known !== undefined) return known;
  const kebab = message.messageId
    .replace(/([a-z])([A-Z])/g, "$1-$2")
    .replace(/[^A-Za-z]+/g, " ")
    .trim()
    .replace(/ /g, "-")
    .toLowerCase();
  return kebab === "" ? "secret" : kebab;
}

/** The secret itself as the rule reported it (`KEY`, `TOKEN`, `ID`, …), when it did. */
export function secretValue(message: SecretLintCoreResultMessage): string | undefined {
  const data = (message.data ?? {}) as Record<string, unknown>;
  for (const field of ["KEY", "TOKEN", "ID", "URI", "CREDENTIAL", "URL"]) {
    const value = data[field];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}
