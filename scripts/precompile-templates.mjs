// Part of `npm run build`, after tsc: compiles the shipped page templates to JavaScript
// (dist/precompiled-templates.cjs), so that a report does not compile them first.
// See src/render/html/precompiled-templates.ts.
import { writeFileSync } from "node:fs";
import { PRECOMPILED_TEMPLATES_FILE } from "../dist/render/html/precompiled-templates.js";
import { shippedTemplatesPrecompiled } from "../dist/render/html/templates.js";

writeFileSync(PRECOMPILED_TEMPLATES_FILE, shippedTemplatesPrecompiled());
