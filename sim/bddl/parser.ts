/**
 * Parser for BEHAVIOR problem files:
 * `(define (problem NAME) (:domain D) (:objects …) (:init …) (:goal …))`.
 * Every error is an InputError naming the file, `line L, column C` and the reason.
 */
import { InputError } from "../errors.ts";
import { isWildcardInstance } from "./ast.ts";
import type { BddlExpr, BddlPositions, BddlProblem, BddlWarning, SourcePos } from "./ast.ts";
import { parseGoalExpr, parseInitLiteral } from "./expr-parser.ts";
import type { ExprContext, NameTable } from "./expr-parser.ts";
import { readSExprs, where } from "./sexpr.ts";
import type { SExpr, SList, SSymbol } from "./sexpr.ts";
import { foldSubstances } from "./substances.ts";
import { didYouMean } from "./suggest.ts";

export type { BddlExpr, BddlProblem, BddlWarning, SourcePos } from "./ast.ts";
export { PREDICATE_ARITY } from "./ast.ts";
export { predicatesUsed } from "./walk.ts";

const SECTIONS = [":domain", ":objects", ":init", ":goal"] as const;
/** The domains BEHAVIOR's problem files name: BEHAVIOR-100 (iGibson), BEHAVIOR-1K (OmniGibson; its bddl3 files). */
const BEHAVIOR_DOMAINS = ["igibson", "omnigibson", "behavior-1k"];
type Section = (typeof SECTIONS)[number];
const INSTANCE_NAME = /^[A-Za-z0-9_][\w.\-]*(_\*)?$/;
const PLAIN_NAME = /^[A-Za-z0-9_][\w.\-]*$/;

/**
 * Parses the text of a BEHAVIOR problem file. `file` is only used in error messages.
 * A stray token between the sections (not a list) is ignored with a {@link BddlWarning} in
 * `warnings`, as bddl's own parser does; everything else that is wrong is an error. BEHAVIOR-1K's
 * substance facts that say what a BEHAVIOR-100 state says come back as that state (see {@link foldSubstances}).
 * @throws InputError with `where` = `line L, column C` for any syntax or naming error.
 */
export function parseProblem(text: string, file: string): BddlProblem {
  const fail = (pos: SourcePos, reason: string): never => {
    throw new InputError(file, where(pos), reason);
  };
  const { forms, end } = readSExprs(text, file);
  const define = forms[0];
  if (!define) return fail(end, "empty file: expected (define (problem NAME) …)");
  if (forms[1]) fail(forms[1], `unexpected ${describe(forms[1])} after the end of the problem definition`);
  if (define.kind !== "list") return fail(define, `unexpected token '${define.text}': expected (define …)`);
  const keyword = define.items[0];
  if (!keyword || keyword.kind !== "symbol" || keyword.text.toLowerCase() !== "define") {
    return fail(keyword ?? define, `unexpected ${keyword ? describe(keyword) : "'()'"}: expected 'define'`);
  }
  const header = define.items[1];
  if (!header) return fail(define.end, "missing (problem NAME) after 'define'");
  const name = parseHeader(header, "problem", fail);

  const sections = new Map<Section, SList>();
  const warnings: BddlWarning[] = [];
  for (const item of define.items.slice(2)) {
    if (item.kind !== "list") {
      // bddl's parse_problem skips what it does not recognise between sections (released BEHAVIOR-1K
      // files have such strays); a misspelt or malformed section is still an error below
      warnings.push({ ...pos(item), message: `stray token '${item.text}' between sections ignored (expected a section such as (:goal …))` });
      continue;
    }
    const head = item.items[0];
    if (!head || head.kind !== "symbol") return fail(head ?? item, "expected a section name such as :objects");
    const section = head.text.toLowerCase() as Section;
    if (!SECTIONS.includes(section)) {
      fail(head, `unknown section '${head.text}'${didYouMean(head.text, SECTIONS)}; expected ${SECTIONS.join(", ")}`);
    }
    const earlier = sections.get(section);
    if (earlier) fail(head, `duplicate section '${section}' (first at ${where(earlier)})`);
    sections.set(section, item);
  }
  const need = (s: Section): SList => sections.get(s) ?? fail(define.end, `missing (${s} …) section`);
  const domainSection = need(":domain");
  const objectsSection = need(":objects");
  const initSection = need(":init");
  const goalSection = need(":goal");

  const domain = parseHeader(domainSection, ":domain", fail);
  if (!BEHAVIOR_DOMAINS.includes(domain.toLowerCase())) {
    // a PDDL planning problem also reads as BDDL (same sections, often ontop): say so, rather than fail later in the sampler
    const value = (domainSection.items[1] ?? domainSection) as SourcePos;
    warnings.push({ ...pos(value), message: `domain '${domain}' is not a BEHAVIOR domain (${BEHAVIOR_DOMAINS.join(", ")}): its predicates are read as BEHAVIOR's` });
  }
  const decl = parseObjects(objectsSection, fail);
  const ctx: ExprContext = { file, names: decl.names };
  const init: BddlExpr[] = initSection.items.slice(1).map((x) => parseInitLiteral(x, ctx));
  const goalItems = goalSection.items.slice(1);
  if (goalItems.length !== 1) {
    fail(goalItems[1] ?? goalSection.end, `(:goal …) takes exactly one expression, found ${goalItems.length}`);
  }
  const goal = parseGoalExpr(goalItems[0]!, ctx);

  const positions: BddlPositions = {
    define: pos(define),
    domain: pos(domainSection),
    objects: pos(objectsSection),
    init: pos(initSection),
    goal: pos(goalSection),
    instances: decl.positions,
  };
  // BEHAVIOR-1K's substance facts (covered with dust, saturated with water) read as BEHAVIOR-100's states
  return foldSubstances({
    file,
    name,
    domain,
    objects: decl.objects,
    categories: decl.categories,
    wildcards: decl.wildcards,
    init,
    goal,
    positions,
    warnings,
  });
}

/** A warning as `file: line L, column C: message`, the way errors are written. */
export function formatWarning(file: string, w: BddlWarning): string {
  return `${file}: ${where(w)}: ${w.message}`;
}

type Fail = (pos: SourcePos, reason: string) => never;

function pos(p: SourcePos): SourcePos {
  return { line: p.line, column: p.column };
}

function describe(node: SExpr): string {
  return node.kind === "symbol" ? `token '${node.text}'` : "'('";
}

/** `(problem NAME)` or `(:domain NAME)`: returns NAME as written. */
function parseHeader(node: SExpr, keyword: string, fail: Fail): string {
  const shape = `expected (${keyword} NAME)`;
  if (node.kind !== "list") return fail(node, `unexpected token '${node.text}': ${shape}`);
  const [head, value, extra] = node.items;
  if (!head || head.kind !== "symbol" || head.text.toLowerCase() !== keyword) {
    const hint = head?.kind === "symbol" ? didYouMean(head.text, [keyword]) : "";
    return fail(head ?? node, `unexpected ${head ? describe(head) : "'()'"}${hint}: ${shape}`);
  }
  if (!value) return fail(node.end, `missing name: ${shape}`);
  if (value.kind !== "symbol" || !PLAIN_NAME.test(value.text)) {
    return fail(value, `unexpected ${describe(value)}: ${shape}`);
  }
  if (extra) return fail(extra, `unexpected ${describe(extra)}: ${shape}`);
  return value.text;
}

interface Declarations {
  objects: Map<string, string>;
  categories: Map<string, string[]>;
  wildcards: Set<string>;
  positions: Map<string, SourcePos>;
  names: NameTable;
}

/** `(:objects a_1 a_2 - a b_1 - b …)`. */
function parseObjects(section: SList, fail: Fail): Declarations {
  const objects = new Map<string, string>();
  const categories = new Map<string, string[]>();
  const wildcards = new Set<string>();
  const positions = new Map<string, SourcePos>();
  const names: NameTable = { instances: new Map(), categories: new Map(), categoryInstances: categories };
  let pending: SSymbol[] = [];
  const items = section.items.slice(1);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind !== "list" && item.text !== "-") {
      if (!INSTANCE_NAME.test(item.text)) fail(item, `unexpected token '${item.text}': expected an instance name`);
      pending.push(item);
      continue;
    }
    if (item.kind === "list") {
      fail(item, "unexpected '(' in :objects: expected instance names followed by '- category'");
    }
    if (pending.length === 0) fail(item, "'-' with no instance names before it in :objects");
    const catToken = items[i + 1];
    if (!catToken) fail(section.end, "missing category after '-' in :objects");
    if (catToken.kind !== "symbol" || !PLAIN_NAME.test(catToken.text)) {
      fail(catToken, `unexpected ${describe(catToken)}: expected a category name after '-'`);
    }
    i++;
    const category = names.categories.get(catToken.text.toLowerCase()) ?? catToken.text;
    names.categories.set(category.toLowerCase(), category);
    const list = categories.get(category) ?? [];
    categories.set(category, list);
    for (const inst of pending) {
      const earlier = names.instances.get(inst.text.toLowerCase());
      if (earlier !== undefined) {
        fail(inst, `instance '${inst.text}' is declared twice (first at ${where(positions.get(earlier)!)})`);
      }
      names.instances.set(inst.text.toLowerCase(), inst.text);
      objects.set(inst.text, category);
      list.push(inst.text);
      positions.set(inst.text, pos(inst));
      if (isWildcardInstance(inst.text)) wildcards.add(category);
    }
    pending = [];
  }
  const orphan = pending[0];
  if (orphan) fail(orphan, `instance '${orphan.text}' has no '- category' after it in :objects`);
  return { objects, categories, wildcards, positions, names };
}
