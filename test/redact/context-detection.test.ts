/**
 * Issue 31, "Detection by context, not by list": the shapes the issue names, each worked out by hand (the
 * value redacted to its real end, the name and what follows kept), and the false positives it names.
 */
import { describe, expect, test } from "vitest";
import { createRedactor } from "../../src/redact/index.js";
import { randomString } from "./fake-secrets.js";

const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const HEX = "0123456789abcdef";

async function redacted(text: string): Promise<{ text: string; counts: Record<string, number> }> {
  const redactor = await createRedactor({});
  const { strings, counts } = await redactor.redact([text]);
  return { text: strings[0] ?? text, counts };
}

describe("names on no list", () => {
  const cases: [string, string, string][] = [
    [
      "DSN=",
      `SENTRY_DSN=https://${randomString(HEX, 32, 1)}@o12345.ingest.sentry.io/678`,
      "SENTRY_DSN=[redacted: dsn]",
    ],
    ["LICENSE=", `LICENSE=${randomString(B64URL, 29, 2)}7`, "LICENSE=[redacted: license-key]"],
    ["STRIPE_SK=", `STRIPE_SK=${randomString(B64URL, 40, 3)}9x`, "STRIPE_SK=[redacted: secret-key]"],
    [
      "SESSION_COOKIE_SIGNING=",
      `SESSION_COOKIE_SIGNING=${randomString(HEX, 40, 4)}`,
      "SESSION_COOKIE_SIGNING=[redacted: secret-key]",
    ],
    [
      "x-goog-signature header",
      `x-goog-signature: ${randomString(HEX, 64, 5)}`,
      "x-goog-signature: [redacted: signature]",
    ],
    [
      "a YAML key with a suffix",
      `webhook:\n  slack_bot_token_prod: ${randomString(B64URL, 30, 6)}1\n  channel: ops`,
      "webhook:\n  slack_bot_token_prod: [redacted: token]\n  channel: ops",
    ],
    [
      "a JSON key in escaped text",
      `{\\"clientSecret\\": \\"${randomString(B64URL, 24, 7)}\\", \\"id\\": 3}`,
      '{\\"clientSecret\\": \\"[redacted: secret]\\", \\"id\\": 3}',
    ],
  ];
  for (const [what, text, expected] of cases) {
    test(what, async () => {
      expect((await redacted(text)).text).toBe(expected);
    });
  }
});

describe("values to their real end", () => {
  test("a signed URL's sig= of base64url is gone whole, and named a signature, not Azure's", async () => {
    const sig = `${randomString(B64URL, 16, 8)}-_${randomString(B64URL, 70, 9)}`;
    const url = `https://cdn.example.com/v/clip.mp4?exp=1733000000&sig=${sig}&w=640`;
    const { text, counts } = await redacted(url);
    expect(text).toBe("https://cdn.example.com/v/clip.mp4?exp=1733000000&sig=[redacted: signature]&w=640");
    expect(counts).toEqual({ signature: 1 });
  });

  test("an Azure SAS (its sv= version) keeps Azure's name, to the signature's end", async () => {
    const sig = `${randomString(B64URL, 40, 10)}%2B${randomString(B64URL, 8, 11)}%3D`;
    const { text } = await redacted(`https://acct.blob.core.windows.net/c/f?sv=2022-11-02&sp=r&sig=${sig}`);
    expect(text).toBe(
      "https://acct.blob.core.windows.net/c/f?sv=2022-11-02&sp=r&sig=[redacted: azure-sas-signature]",
    );
  });

  test("a query parameter inside a Markdown link target, itself holding NAME=value", async () => {
    const token = `${randomString(B64URL, 30, 12)}4`;
    const { text } = await redacted(`See [the run](https://ci.example.com/?q=TOKEN=${token}) for more.`);
    expect(text).toBe("See [the run](https://ci.example.com/?q=TOKEN=[redacted: token]) for more.");
  });

  test("an access token in a URL fragment stops at the next parameter", async () => {
    const token = `ya.${randomString(B64URL, 40, 13)}3`;
    const { text } = await redacted(`https://app.example.com/cb#access_token=${token}&state=xyz`);
    expect(text).toBe("https://app.example.com/cb#access_token=[redacted: token]&state=xyz");
  });
});

describe("headers and command lines", () => {
  test("every value of a Cookie header that is no word; the first pair of a Set-Cookie", async () => {
    const sid = randomString(HEX, 32, 14);
    const session = `${randomString(B64URL, 40, 15)}8`;
    const { text } = await redacted(
      `curl -H 'Cookie: theme=dark; sessionid=${sid}' https://app.example.com\nset-cookie: __Host-session=${session}; Path=/; Secure; HttpOnly`,
    );
    expect(text).toBe(
      "curl -H 'Cookie: theme=dark; sessionid=[redacted: cookie]' https://app.example.com\n" +
        "set-cookie: __Host-session=[redacted: cookie]; Path=/; Secure; HttpOnly",
    );
  });

  test("docker login -p, openssl -pass pass:, mysql -p…, but docker run -p is a port", async () => {
    const { text, counts } = await redacted(
      [
        "docker login -u alice -p DockerLoginPassw0rd registry.example.com",
        "openssl enc -aes-256-cbc -pass pass:OpensslPassw0rd -in a -out b",
        "mysql -u root -pMysqlPassw0rd app",
        "docker run -p 8080:80 nginx",
        "openssl enc -pass env:SECRET -in a",
      ].join("\n"),
    );
    expect(text).toBe(
      [
        "docker login -u alice -p [redacted: password] registry.example.com",
        "openssl enc -aes-256-cbc -pass pass:[redacted: password] -in a -out b",
        "mysql -u root -p[redacted: password] app",
        "docker run -p 8080:80 nginx",
        "openssl enc -pass env:SECRET -in a",
      ].join("\n"),
    );
    expect(counts).toEqual({ password: 3 });
  });

  test("a long flag whose name says secret, with a space or an =", async () => {
    const token = `${randomString(B64URL, 30, 16)}2`;
    const { text } = await redacted(`gh-deploy --deploy-token ${token} --api_key=${token} --verbose`);
    expect(text).toBe("gh-deploy --deploy-token [redacted: token] --api_key=[redacted: api-key] --verbose");
  });
});

describe("values that cannot be secrets stay", () => {
  const kept = [
    "توكن البوت من Discord",
    "the token you got from BotFather",
    "ضع مفتاح الواجهة هنا",
    "true",
    "3600",
    "/run/secrets/db_password",
    "<your-api-key>",
    "sk-xxxxxxxxxxxxxxxxxxxxxxxx",
    "changeme",
    "$(cat /run/secrets/token)",
  ];
  for (const value of kept) {
    test(JSON.stringify(value), async () => {
      for (const line of [`DISCORD_TOKEN="${value}"`, `bot_token: "${value}"`, `{"apiKey": "${value}"}`]) {
        expect((await redacted(line)).text).toBe(line);
      }
    });
  }

  test("the Arabic placeholder of a real prompt, unquoted in a sentence", async () => {
    const line = "أضف DISCORD_TOKEN=توكن البوت من Discord في ملف .env ثم شغّل البوت";
    expect((await redacted(line)).text).toBe(line);
  });

  test("code that names a secret without holding one", async () => {
    const code = [
      "const apiKey = options?.apiKey ?? process.env.OPENAI_API_KEY;",
      "  getApiKey: async (model) => {",
      "  resolveApiKey: (model: Model<any>) => Promise<string | undefined>",
      'throw new SyntaxError("Unexpected token: " + token_to_string(S.token.type));',
      "agent-session.js:525:         return this.agent.state.tools.map((t) => t.name)",
      "password=db_password; token = getToken();",
    ].join("\n");
    expect((await redacted(code)).text).toBe(code);
  });
});
