import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A model server on 127.0.0.1 that Pi can talk to offline, and the requests it was sent. */
export interface MockModel {
  /** `http://127.0.0.1:<port>/v1`, for Pi's models.json. */
  baseUrl: string;
  close(): Promise<void>;
}

/** One chunk of an OpenAI chat-completions stream. */
const chunk = (body: object): string => `data: ${JSON.stringify(body)}\n\n`;

/**
 * An OpenAI-compatible chat-completions server that answers every request with `answer`, streamed as
 * OpenAI streams it, with token usage (so Pi records a priced reply). Enough for Pi to write a session
 * file; the full scripted server is ../shared/tools/pi-harness/mock-openai.mjs.
 */
export async function startMockModel(answer: string): Promise<MockModel> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (!request.url?.endsWith("/chat/completions")) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "content-type": "text/event-stream" });
      const base = { id: "chatcmpl-mock", object: "chat.completion.chunk", created: 1, model: "mock-small" };
      response.write(
        chunk({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: answer } }] }),
      );
      response.write(chunk({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }));
      const usage = { prompt_tokens: 500, completion_tokens: 10, total_tokens: 510 };
      response.write(chunk({ ...base, choices: [], usage }));
      response.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
