import { fullHandlebars } from "./handlebars-full.js";
import { TemplateError } from "./template-error.js";
import type { TemplateFolder } from "./template-folder.js";
import { BUILTIN_HELPER_NAMES, HELPER_NAMES } from "./template-helpers.js";

type Node = hbs.AST.Node;
type Expression = hbs.AST.Expression;

const CALLABLE = new Set<string>([...HELPER_NAMES, ...BUILTIN_HELPER_NAMES]);

/** One mistake in a template: what it is, and the line it is on. */
interface Mistake {
  line: number;
  what: string;
}

/** A handlebars error in one line: the parser's lines (the source, a caret) left out, its verdict kept. */
export function oneLine(message: string): string {
  const lines = message.split("\n").filter((line) => line.trim() !== "");
  if (lines.length <= 1) return message.trim();
  return `${(lines[0] as string).replace(/:\s*$/, "")}: ${lines.at(-1)}`;
}

/** The name a call calls, when it is a plain name (`{{cost x}}`), not a path or a block parameter. */
function calledName(path: Expression, blockParams: ReadonlySet<string>): string | null {
  if (path.type !== "PathExpression") return null;
  const { data, depth, parts, original } = path as hbs.AST.PathExpression;
  if (data || depth !== 0 || parts.length !== 1 || blockParams.has(parts[0] as string)) return null;
  return original;
}

/** The helpers a template calls that do not exist, and the partials it names that are not there. */
function mistakesOf(program: hbs.AST.Program, partials: ReadonlySet<string>): Mistake[] {
  const mistakes: Mistake[] = [];
  const lineOf = (node: Node) => node.loc?.start.line ?? 0;
  const call = (node: Node, path: Expression, scope: ReadonlySet<string>) => {
    const name = calledName(path, scope);
    if (name !== null && !CALLABLE.has(name))
      mistakes.push({ line: lineOf(node), what: `unknown helper \`${name}\`` });
  };
  const visit = (node: Node | null | undefined, scope: ReadonlySet<string>): void => {
    if (node === null || node === undefined) return;
    switch (node.type) {
      case "Program": {
        const { body, blockParams } = node as hbs.AST.Program;
        const inner = blockParams === undefined ? scope : new Set([...scope, ...blockParams]);
        for (const statement of body) visit(statement, inner);
        return;
      }
      case "MustacheStatement":
      case "BlockStatement":
      case "SubExpression": {
        const { path, params, hash } = node as hbs.AST.MustacheStatement;
        // A name with no arguments reads the context (a section, for a block); with arguments, it is a call.
        if (node.type === "SubExpression" || params.length > 0 || hash !== undefined) call(node, path, scope);
        for (const expression of [path, ...params, ...(hash?.pairs.map((pair) => pair.value) ?? [])])
          visit(expression, scope);
        if (node.type === "BlockStatement") {
          const block = node as hbs.AST.BlockStatement;
          visit(block.program, scope);
          visit(block.inverse, scope);
        }
        return;
      }
      case "PartialStatement": {
        const { name, params, hash } = node as hbs.AST.PartialStatement;
        if (name.type === "PathExpression" && !(name as hbs.AST.PathExpression).data) {
          const partial = (name as hbs.AST.PathExpression).original;
          if (!partials.has(partial))
            mistakes.push({ line: lineOf(node), what: `partial \`${partial}\` is not there` });
        }
        for (const expression of [name, ...params, ...(hash?.pairs.map((pair) => pair.value) ?? [])])
          visit(expression, scope);
        return;
      }
      // A partial block renders its own content when the partial is missing: not a mistake.
      case "PartialBlockStatement":
      case "DecoratorBlock":
        visit((node as hbs.AST.PartialBlockStatement).program, scope);
        return;
      default:
        return;
    }
  };
  visit(program, new Set());
  return mistakes;
}

/** What a message says a template can call. */
const CALLABLE_IN_WORDS = `a template can call ${HELPER_NAMES.join(", ")} and handlebars' own (${BUILTIN_HELPER_NAMES.join(", ")})`;

/**
 * Checks the templates of the `--template` folder before anything is rendered, the same way for every kind:
 * each one parses, calls no helper that does not exist and names no partial that is not there. The shipped
 * templates are held to the same by the tests.
 *
 * @throws {TemplateError} for the first mistake, naming the folder, the file and the line.
 */
export function checkOwnTemplates(folder: TemplateFolder): void {
  for (const [name, source] of folder.sources) {
    if (!folder.isOwn(name)) continue;
    let program: hbs.AST.Program;
    try {
      program = fullHandlebars().parse(source);
    } catch (error) {
      throw new TemplateError(
        `${folder.where(name)}: ${oneLine(error instanceof Error ? error.message : String(error))}.`,
      );
    }
    const [first] = mistakesOf(program, folder.partials);
    if (first === undefined) continue;
    const hint = first.what.startsWith("unknown helper")
      ? CALLABLE_IN_WORDS
      : `a partial is a .hbs file of the --template folder or of the shipped ones (${folder.kind.folder}), by its name`;
    throw new TemplateError(`${folder.where(name)}: line ${first.line}: ${first.what}; ${hint}.`);
  }
}

/**
 * A renderer of templates some of which are the user's own: an error while rendering is a mistake in
 * those templates, named as such (not a bug of ours), the same way for every kind.
 */
export function ownTemplateErrors<A extends unknown[], R>(
  folder: TemplateFolder,
  render: (...args: A) => R,
): (...args: A) => R {
  const { override } = folder;
  if (override === undefined) return render;
  return (...args) => {
    try {
      return render(...args);
    } catch (error) {
      const message = oneLine(error instanceof Error ? error.message : String(error));
      throw new TemplateError(
        `--template ${override}: the ${folder.kind.title} cannot be rendered: ${message}`,
      );
    }
  };
}
