// Bundles the command with rolldown's API and the options in rolldown.config.mjs: what `rolldown -c` does,
// without its listing of every chunk written (~400 lines in every `npm ci`). Warnings and errors still print.
//   node scripts/bundle.mjs
import { rolldown } from "rolldown";
import config from "../rolldown.config.mjs";

const { output, ...input } = config;
// `warn`, as `rolldown -c --logLevel warn` was run: information is not printed, warnings are.
const bundle = await rolldown({ ...input, logLevel: "warn" });
try {
  await bundle.write(output);
} finally {
  await bundle.close();
}
