import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** A gist as the stand-in API keeps it (GitHub's fields). */
export interface ApiGist {
  id: string;
  description: string;
  public: boolean;
  html_url: string;
  created_at: string;
  files: Record<string, { filename: string; type: string; size: number; content: string }>;
}

/** One request the stand-in API received. */
export interface ApiRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** A local stand-in of GitHub's gist API, as GitHub Enterprise serves it (`/api/v3/...`), over HTTPS. */
export interface GistApi {
  /** `127.0.0.1:<port>`: gh's GH_HOST. */
  host: string;
  /** The certificate to trust: Go (gh) reads it from SSL_CERT_FILE. */
  certFile: string;
  gists: ApiGist[];
  requests: ApiRequest[];
  /** Answer `GET /gists/<id>` with 502, as a proxy does when GitHub is unreachable. */
  failReads: boolean;
  close(): Promise<void>;
}

/**
 * Starts the stand-in on 127.0.0.1 with a certificate made for it now (openssl, in `dir`). It answers
 * what gh 2.x asks: `GET /api/v3/` (token scopes), GraphQL `viewer.login`, and the gist endpoints.
 */
export async function startGistApi(dir: string, token: string): Promise<GistApi> {
  const keyFile = join(dir, "api-key.pem");
  const certFile = join(dir, "api-cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  const api: Omit<GistApi, "host" | "close"> = { certFile, gists: [], requests: [], failReads: false };
  let host = "";
  const server: Server = createServer(
    { key: readFileSync(keyFile), cert: readFileSync(certFile) },
    (request, response) => {
      let body = "";
      request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      request.on("end", () => {
        const path = (request.url ?? "").split("?")[0] ?? "";
        const method = request.method ?? "GET";
        api.requests.push({ method, path, authorization: request.headers.authorization, body });
        const send = (status: number, value?: unknown) => {
          response.writeHead(status, {
            "content-type": "application/json; charset=utf-8",
            // gh auth status checks that the token may do what gh needs.
            "x-oauth-scopes": "gist, read:org, repo",
          });
          response.end(value === undefined ? "" : JSON.stringify(value));
        };
        if (request.headers.authorization !== `token ${token}`)
          return send(401, { message: "Bad credentials" });
        if (path === "/api/graphql") return send(200, { data: { viewer: { login: "tester" } } });
        if (path === "/api/v3/" || path === "/api/v3") return send(200, {});
        if (path === "/api/v3/gists" && method === "POST") {
          const asked = JSON.parse(body) as {
            description: string;
            public: boolean;
            files: Record<string, { content: string }>;
          };
          const id = randomBytes(16).toString("hex");
          const files = Object.fromEntries(
            Object.entries(asked.files).map(([name, { content }]) => [
              name,
              {
                filename: name,
                type: name.endsWith(".html") ? "text/html" : "text/markdown",
                size: Buffer.byteLength(content),
                content,
              },
            ]),
          );
          const gist: ApiGist = {
            id,
            description: asked.description,
            public: asked.public === true,
            html_url: `https://${host}/gist/${id}`,
            created_at: new Date(Date.now() + api.gists.length * 1000).toISOString(),
            files,
          };
          api.gists.push(gist);
          return send(201, gist);
        }
        if (path === "/api/v3/gists" && method === "GET") return send(200, [...api.gists].reverse());
        const one = /^\/api\/v3\/gists\/([0-9a-zA-Z]+)$/.exec(path);
        const at = one === null ? -1 : api.gists.findIndex((gist) => gist.id === one[1]);
        if (one !== null && method === "GET") {
          if (api.failReads) return send(502, { message: "Bad Gateway" });
          return at < 0 ? send(404, { message: "Not Found" }) : send(200, api.gists[at]);
        }
        if (one !== null && method === "DELETE") {
          if (at < 0) return send(404, { message: "Not Found" });
          api.gists.splice(at, 1);
          return send(204);
        }
        return send(404, { message: "Not Found" });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(api, {
    host,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
