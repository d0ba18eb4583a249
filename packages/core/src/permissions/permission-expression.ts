/**
 * Permission expressions (spec §5, §6, §8).
 *
 * The legacy console evaluated an expression in four steps, and this module reproduces what those
 * steps could be observed to do, with a real tokenizer, parser and evaluator (never `eval`):
 *
 * 1. interpolate template placeholders `{name}` from the variables;
 * 2. replace every term `resource:letters` by `1` when the permission is held, else `0`;
 * 3. turn `&&` into `*` and `||` into `+`;
 * 4. evaluate only when the result holds nothing but 0, 1, spaces, parentheses, `&`, `*`, `+`
 *    and `!`, as a JavaScript arithmetic expression whose truthiness is the answer.
 *
 * Anything else — a character outside that set, a syntax error, an unknown placeholder — is `false`
 * with a warning to the injected logger. Decisions where the spec is silent:
 *
 * - Placeholders are `{name}` (`name` = letters, digits, `_`; spaces inside the braces allowed).
 *   A placeholder right after `:` or `_`, or directly followed by a letter, `_` or `:` (as in
 *   `{type}folder:u`), is part of a term and is replaced by the variable's value, which must be
 *   made of letters, digits, `_`, `.` or `-` (so a value can never inject operators). Any other
 *   placeholder is a truth flag: `1` when the value is `true`, a non-zero number, or a string other
 *   than `''`, `'0'` and `'false'`; else `0`. A placeholder without a variable fails.
 * - "Spaces" are space, tab, carriage return and line feed; all four only separate tokens.
 * - Term letters are r, i, u, d, a, x (not `*`, which is the multiplication operator here);
 *   an object-level term `user:r:42` is allowed. Resources compare case-insensitively.
 * - Numbers other than a single `0` or `1` keep their JavaScript meaning (`10` is ten); a leading
 *   zero (`01`) is a syntax error, as in strict-mode JavaScript.
 * - An expression that is empty after interpolation is `false` without a warning (there is nothing
 *   to evaluate: the legacy code evaluated an empty string to `undefined`).
 * - Expressions longer than {@link MAX_PERMISSION_EXPRESSION_LENGTH} characters or nested deeper than
 *   {@link MAX_PERMISSION_EXPRESSION_DEPTH} are refused (false with a warning).
 */
import { toPermissionSet } from './permission-string.ts';
import type { PermissionSet } from './permission-string.ts';

/** Longest expression (after interpolation) that is evaluated; anything longer is false. */
export const MAX_PERMISSION_EXPRESSION_LENGTH = 8192;
/** Deepest nesting of parentheses and prefix operators that is evaluated. */
export const MAX_PERMISSION_EXPRESSION_DEPTH = 200;

/** Values a template placeholder may take. */
export type PermissionVariables = Readonly<Record<string, string | number | boolean>>;

/**
 * A node of a parsed permission expression. `and`/`or` are the `*`/`+` the legacy pipeline made of
 * `&&`/`||` (also written directly); `bitand` is a lone `&`, `power` is `**`, `positive` a unary `+`.
 */
export type PermissionExpressionNode =
  | { readonly kind: 'term'; readonly key: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'not' | 'positive'; readonly operand: PermissionExpressionNode }
  | {
      readonly kind: 'and' | 'or' | 'bitand' | 'power';
      readonly left: PermissionExpressionNode;
      readonly right: PermissionExpressionNode;
    };

/** The outcome of {@link parsePermissionExpression}: an AST (`null` for an empty expression) or why not. */
export type PermissionExpressionParseResult =
  | { readonly ok: true; readonly ast: PermissionExpressionNode | null }
  | { readonly ok: false; readonly error: string };

/** Where warnings go (spec §8: "false, with a console warning"). */
export interface PermissionExpressionLogger {
  warn(message: string, ...details: unknown[]): void;
}

/** Options of {@link createPermissionExpressionEvaluator}. */
export interface PermissionExpressionEvaluatorOptions {
  /** Receives one warning per refused expression. Default: `console.warn`. */
  readonly logger?: PermissionExpressionLogger;
  /** How many parsed expressions to keep (first in, first out). Default 1000; 0 disables the cache. */
  readonly cacheSize?: number;
}

/** Evaluates an expression against a user's permissions; never throws. */
export type PermissionExpressionEvaluator = (
  expression: string,
  permissions: Iterable<string>,
  variables?: PermissionVariables,
) => boolean;

/** A detailed answer: the value, the terms the expression names and those the user does not hold. */
export interface PermissionExpressionExplanation {
  readonly result: boolean;
  /** The expression after interpolation (the input itself when interpolation failed). */
  readonly expression: string;
  /** Every distinct term, in order of appearance. */
  readonly terms: readonly string[];
  /** The terms not held (empty when the result is true). */
  readonly missingTerms: readonly string[];
  /** Why the expression could not be evaluated, if it could not. */
  readonly error?: string;
}

const PLACEHOLDER = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;
const SAFE_VALUE = /^[A-Za-z0-9_.-]+$/;
const TERM = /^[A-Za-z_][A-Za-z0-9_.-]*:[riudax]+(?::[A-Za-z0-9_.-]+)?$/;
const DIGITS = /^[01]+$/;
const WORD_CHAR = /[A-Za-z0-9_.:-]/;
const JOINS_NEXT = /[A-Za-z_:]/;

type InterpolationResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/**
 * Replaces the `{name}` placeholders of `expression` (rules in the module comment).
 * Returns the text or the reason it failed; never throws.
 */
export function interpolatePermissionExpression(
  expression: string,
  variables?: PermissionVariables,
): InterpolationResult {
  if (!expression.includes('{')) return { ok: true, text: expression };
  let error: string | undefined;
  const text = expression.replace(PLACEHOLDER, (match: string, name: string, offset: number) => {
    const value =
      variables !== undefined && Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined || !['string', 'number', 'boolean'].includes(typeof value)) {
      error ??= `no value for placeholder {${name}}`;
      return match;
    }
    if (joinsTerm(expression, offset, match.length)) {
      const raw = String(value);
      if (!SAFE_VALUE.test(raw)) {
        error ??= `value of {${name}} is not a plain name`;
        return match;
      }
      return raw;
    }
    return isTruthyFlag(value) ? '1' : '0';
  });
  return error === undefined ? { ok: true, text } : { ok: false, error };
}

/** True when the placeholder at `offset` is part of a term (value substitution), not a truth flag. */
function joinsTerm(expression: string, offset: number, length: number): boolean {
  const before = expression.charAt(offset - 1);
  return before === ':' || before === '_' || JOINS_NEXT.test(expression.charAt(offset + length));
}

/** A placeholder of a template: its variable and whether its value is substituted (else a flag). */
interface Hole {
  readonly name: string;
  readonly asValue: boolean;
}

/** The distinct placeholders of a template (a variable used twice the same way counts once). */
function compileHoles(expression: string): Hole[] {
  if (!expression.includes('{')) return [];
  const holes = new Map<string, Hole>();
  for (const match of expression.matchAll(PLACEHOLDER)) {
    const hole = {
      name: match[1] as string,
      asValue: joinsTerm(expression, match.index, match[0].length),
    };
    holes.set(`${hole.name}:${hole.asValue}`, hole);
  }
  return [...holes.values()];
}

function isTruthyFlag(value: string | number | boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return value !== '' && value !== '0' && value !== 'false';
}

type Token =
  | { readonly type: 'term'; readonly key: string }
  | { readonly type: 'number'; readonly text: string }
  | { readonly type: '*' | '**' | '+' | '&' | '!' | '(' | ')' };

/** One character of the "reduced" legacy string (step 3), or a term/number standing for digits. */
type Reduced =
  | { readonly type: 'space' }
  | { readonly type: 'term'; readonly key: string }
  | { readonly type: 'number'; readonly text: string }
  | { readonly type: 'op'; readonly char: '*' | '+' | '&' | '!' | '(' | ')' };

type TokenizeResult =
  | { readonly ok: true; readonly tokens: readonly Token[] }
  | { readonly ok: false; readonly error: string };

function reduce(text: string): { ok: true; items: Reduced[] } | { ok: false; error: string } {
  const items: Reduced[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      items.push({ type: 'space' });
      index += 1;
    } else if (WORD_CHAR.test(char)) {
      let end = index + 1;
      while (end < text.length && WORD_CHAR.test(text.charAt(end))) end += 1;
      const word = text.slice(index, end);
      if (DIGITS.test(word)) items.push({ type: 'number', text: word });
      else if (TERM.test(word)) items.push({ type: 'term', key: word });
      else return { ok: false, error: `"${word}" is neither a permission term nor 0/1` };
      index = end;
    } else if (char === '&' || char === '|') {
      const doubled = text.charAt(index + 1) === char;
      if (char === '|' && !doubled) return { ok: false, error: 'a single "|" is not allowed' };
      items.push({ type: 'op', char: doubled ? (char === '&' ? '*' : '+') : '&' });
      index += doubled ? 2 : 1;
    } else if (char === '*' || char === '+' || char === '!' || char === '(' || char === ')') {
      items.push({ type: 'op', char });
      index += 1;
    } else {
      return { ok: false, error: `character "${char}" is not allowed` };
    }
  }
  return { ok: true, items };
}

/**
 * Splits an (interpolated) expression into tokens as the legacy pipeline's JavaScript would have
 * seen them: `&&` became `*`, `||` became `+`, and adjacent `*` `*` form `**` while `+` `+` form
 * `++` (a syntax error on literals).
 */
function tokenize(text: string): TokenizeResult {
  const reduced = reduce(text);
  if (!reduced.ok) return reduced;
  const tokens: Token[] = [];
  const { items } = reduced;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as Reduced;
    if (item.type === 'space') continue;
    if (item.type !== 'op') {
      tokens.push(item);
      continue;
    }
    const next = items[index + 1];
    const joined = next?.type === 'op' && next.char === item.char;
    if (item.char === '+' && joined) return { ok: false, error: '"++" is not allowed' };
    if (item.char === '*' && joined) {
      tokens.push({ type: '**' });
      index += 1;
      continue;
    }
    tokens.push({ type: item.char });
  }
  return { ok: true, tokens };
}

class ExpressionSyntaxError extends Error {
  readonly code = 'PERMISSION_EXPRESSION_SYNTAX';
}

class Parser {
  private position = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): PermissionExpressionNode | null {
    if (this.tokens.length === 0) return null;
    const ast = this.bitand();
    const rest = this.tokens[this.position];
    if (rest !== undefined) throw new ExpressionSyntaxError(`unexpected ${describe(rest)}`);
    return ast;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private binary(
    next: () => PermissionExpressionNode,
    type: Token['type'],
    kind: 'and' | 'or' | 'bitand',
  ): PermissionExpressionNode {
    let left = next();
    while (this.peek()?.type === type) {
      this.position += 1;
      left = { kind, left, right: next() };
    }
    return left;
  }

  private bitand = (): PermissionExpressionNode => this.binary(this.additive, '&', 'bitand');
  private additive = (): PermissionExpressionNode => this.binary(this.multiplicative, '+', 'or');
  private multiplicative = (): PermissionExpressionNode => this.binary(this.power, '*', 'and');

  private power = (): PermissionExpressionNode => {
    const first = this.peek()?.type;
    const left = this.unary();
    if (this.peek()?.type !== '**') return left;
    if (first === '!' || first === '+') {
      throw new ExpressionSyntaxError('a unary operator cannot precede "**" without parentheses');
    }
    this.position += 1;
    return this.nested(() => ({ kind: 'power', left, right: this.power() }));
  };

  private unary(): PermissionExpressionNode {
    const token = this.peek();
    if (token?.type === '!' || token?.type === '+') {
      this.position += 1;
      const kind = token.type === '!' ? 'not' : 'positive';
      return this.nested(() => ({ kind, operand: this.unary() }));
    }
    const primary = this.primary();
    if (this.peek()?.type === '(') throw new ExpressionSyntaxError('a value is not a function');
    return primary;
  }

  private primary(): PermissionExpressionNode {
    const token = this.peek();
    if (token === undefined) throw new ExpressionSyntaxError('unexpected end of expression');
    this.position += 1;
    if (token.type === 'term') return { kind: 'term', key: token.key };
    if (token.type === 'number') {
      if (token.text.length > 1 && token.text.startsWith('0')) {
        throw new ExpressionSyntaxError(`"${token.text}" is a legacy octal literal`);
      }
      return { kind: 'number', text: token.text };
    }
    if (token.type !== '(') throw new ExpressionSyntaxError(`unexpected ${describe(token)}`);
    const inner = this.nested(() => this.bitand());
    if (this.peek()?.type !== ')') throw new ExpressionSyntaxError('missing ")"');
    this.position += 1;
    return inner;
  }

  private nested(build: () => PermissionExpressionNode): PermissionExpressionNode {
    this.depth += 1;
    if (this.depth > MAX_PERMISSION_EXPRESSION_DEPTH)
      throw new ExpressionSyntaxError('expression nested too deeply');
    const node = build();
    this.depth -= 1;
    return node;
  }
}

function describe(token: Token): string {
  if (token.type === 'term') return `term "${token.key}"`;
  if (token.type === 'number') return `number "${token.text}"`;
  return `"${token.type}"`;
}

/**
 * Parses an expression that has already been interpolated. Never throws: a refused expression
 * answers `{ ok: false, error }`.
 */
export function parsePermissionExpression(expression: string): PermissionExpressionParseResult {
  if (typeof expression !== 'string') return { ok: false, error: 'expression is not a string' };
  if (expression.length > MAX_PERMISSION_EXPRESSION_LENGTH)
    return { ok: false, error: 'expression too long' };
  const tokenized = tokenize(expression);
  if (!tokenized.ok) return tokenized;
  try {
    return { ok: true, ast: new Parser(tokenized.tokens).parse() };
  } catch (error) {
    /* v8 ignore next -- the parser throws nothing but ExpressionSyntaxError; the guard keeps that promise explicit */
    if (!(error instanceof ExpressionSyntaxError)) throw error;
    return { ok: false, error: error.message };
  }
}

const BINARY_TEXT = { and: '&&', or: '||', bitand: '&', power: '**' } as const;

/**
 * Prints an AST as an expression that parses back to the same AST: `and`/`or` as `&&`/`||`,
 * every compound operand in parentheses.
 */
export function printPermissionExpression(node: PermissionExpressionNode | null): string {
  if (node === null) return '';
  switch (node.kind) {
    case 'term':
      return node.key;
    case 'number':
      return node.text;
    case 'not':
    case 'positive':
      return `${node.kind === 'not' ? '!' : '+'}${wrap(node.operand)}`;
    default:
      return `${wrap(node.left)} ${BINARY_TEXT[node.kind]} ${wrap(node.right)}`;
  }
}

function wrap(node: PermissionExpressionNode): string {
  const text = printPermissionExpression(node);
  return node.kind === 'term' || node.kind === 'number' ? text : `(${text})`;
}

/** Every distinct term of an AST, in order of appearance. */
export function collectPermissionTerms(node: PermissionExpressionNode | null): string[] {
  const terms = new Set<string>();
  const visit = (current: PermissionExpressionNode): void => {
    switch (current.kind) {
      case 'term':
        terms.add(current.key);
        return;
      case 'number':
        return;
      case 'not':
      case 'positive':
        visit(current.operand);
        return;
      default:
        visit(current.left);
        visit(current.right);
    }
  };
  if (node !== null) visit(node);
  return [...terms];
}

/**
 * Evaluates an AST with JavaScript's number semantics (a held term is 1, a missing one 0), as the
 * legacy pipeline did; the answer is the truthiness of the value. One evaluator:
 * this compiles and runs once; the engine keeps compiled expressions for repeated use.
 */
export function evaluatePermissionAst(
  node: PermissionExpressionNode | null,
  permissions: PermissionSet,
): boolean {
  return compilePermissionAst(node)(permissions);
}

/** A compiled expression: the AST turned into closures once, then run per call. */
export type CompiledPermissionExpression = (permissions: PermissionSet) => boolean;

type Run = (permissions: PermissionSet) => number;

/**
 * Compiles an AST into nested closures (JavaScript's number semantics, see {@link evaluatePermissionAst})
 * (no code is generated from text); the engine runs these for cached expressions.
 */
export function compilePermissionAst(
  node: PermissionExpressionNode | null,
): CompiledPermissionExpression {
  if (node === null) return () => false;
  const run = compileNode(node);
  return (permissions) => truthy(run(permissions));
}

function compileNode(node: PermissionExpressionNode): Run {
  switch (node.kind) {
    case 'term': {
      const { key } = node;
      return (permissions) => (permissions.has(key) ? 1 : 0);
    }
    case 'number': {
      const value = Number(node.text);
      return () => value;
    }
    case 'not': {
      const operand = compileNode(node.operand);
      return (permissions) => (truthy(operand(permissions)) ? 0 : 1);
    }
    case 'positive':
      return compileNode(node.operand);
    default: {
      const left = compileNode(node.left);
      const right = compileNode(node.right);
      switch (node.kind) {
        case 'and':
          return (permissions) => left(permissions) * right(permissions);
        case 'or':
          return (permissions) => left(permissions) + right(permissions);
        case 'bitand':
          return (permissions) => left(permissions) & right(permissions);
        case 'power':
          return (permissions) => left(permissions) ** right(permissions);
      }
    }
  }
}

function truthy(value: number): boolean {
  return value !== 0 && !Number.isNaN(value);
}

const defaultLogger: PermissionExpressionLogger = {
  warn(message: string, ...details: unknown[]): void {
    (globalThis as unknown as { console: PermissionExpressionLogger }).console.warn(
      message,
      ...details,
    );
  },
};

/** A permission-expression engine with its own logger and parse cache. */
export interface PermissionExpressionEngine {
  /** Same contract as {@link evaluatePermissionExpression}. */
  readonly evaluate: PermissionExpressionEvaluator;
  /** The value plus the terms the user lacks; warns like `evaluate`. */
  explain(
    expression: string,
    permissions: Iterable<string>,
    variables?: PermissionVariables,
  ): PermissionExpressionExplanation;
}

/**
 * Builds an engine with an injected logger and a bounded parse cache keyed by the interpolated text.
 * Both `evaluate` and `explain` never throw, whatever they are given.
 */
export function createPermissionExpressionEngine(
  options: PermissionExpressionEvaluatorOptions = {},
): PermissionExpressionEngine {
  const logger = options.logger ?? defaultLogger;
  const cacheSize = Math.max(0, options.cacheSize ?? 1000);
  const parses = new Map<string, PermissionExpressionParseResult>();
  // Per template: its placeholders, and the resolution of each combination of variable values seen,
  // keyed by those values, so a cached call never rebuilds the interpolated text.
  const templates = new Map<
    string,
    { holes: readonly Hole[]; resolved: Map<string, Resolution> }
  >();

  const remember = <T>(map: Map<string, T>, key: string, value: T, limit: number): void => {
    if (cacheSize === 0) return;
    if (map.size >= limit) map.delete(map.keys().next().value as string);
    map.set(key, value);
  };

  const parseCached = (text: string): PermissionExpressionParseResult => {
    const cached = parses.get(text);
    if (cached !== undefined) return cached;
    const parsed = parsePermissionExpression(text);
    remember(parses, text, parsed, cacheSize);
    return parsed;
  };

  const resolve = (expression: string, variables: PermissionVariables | undefined): Resolution => {
    let template = templates.get(expression);
    if (template === undefined) {
      template = { holes: compileHoles(expression), resolved: new Map() };
      remember(templates, expression, template, cacheSize);
    }
    if (template.holes.length === 0) return toResolution(expression, parseCached(expression));
    let key = '';
    for (const hole of template.holes) {
      const value =
        variables !== undefined && Object.hasOwn(variables, hole.name)
          ? variables[hole.name]
          : undefined;
      const type = typeof value;
      if (type !== 'string' && type !== 'number' && type !== 'boolean') {
        return { ok: false, text: expression, error: `no value for placeholder {${hole.name}}` };
      }
      const scalar = value as string | number | boolean;
      key += hole.asValue
        ? `${String(scalar)}\u0001`
        : isTruthyFlag(scalar)
          ? '1\u0001'
          : '0\u0001';
    }
    const known = template.resolved.get(key);
    if (known !== undefined) return known;
    const interpolated = interpolatePermissionExpression(expression, variables);
    if (!interpolated.ok) return { ok: false, text: expression, error: interpolated.error };
    const resolution = toResolution(interpolated.text, parseCached(interpolated.text));
    remember(template.resolved, key, resolution, 256);
    return resolution;
  };

  const refuse = (expression: unknown, error: string): void => {
    logger.warn(`Permission expression refused (${error}): ${String(expression)}`);
  };

  const explain = (
    expression: string,
    permissions: Iterable<string>,
    variables?: PermissionVariables,
  ): PermissionExpressionExplanation => {
    const refused = (text: unknown, error: string): PermissionExpressionExplanation => {
      refuse(text, error);
      return { result: false, expression: String(text), terms: [], missingTerms: [], error };
    };
    try {
      if (typeof expression !== 'string') return refused(expression, 'expression is not a string');
      const resolution = resolve(expression, variables);
      if (!resolution.ok) return refused(resolution.text, resolution.error);
      const set = toPermissionSet(permissions);
      const result = resolution.run(set);
      const terms = collectPermissionTerms(resolution.ast);
      const missingTerms = result ? [] : terms.filter((term) => !set.has(term));
      return { result, expression: resolution.text, terms, missingTerms };
    } catch (error) {
      return refused(
        expression,
        `evaluation failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const evaluate: PermissionExpressionEvaluator = (expression, permissions, variables) => {
    try {
      if (typeof expression !== 'string') {
        refuse(expression, 'expression is not a string');
        return false;
      }
      const resolution = resolve(expression, variables);
      if (resolution.ok) return resolution.run(toPermissionSet(permissions));
      refuse(resolution.text, resolution.error);
      return false;
    } catch (error) {
      refuse(
        expression,
        `evaluation failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  };

  return { evaluate, explain };
}

type Resolution =
  | {
      readonly ok: true;
      readonly text: string;
      readonly ast: PermissionExpressionNode | null;
      readonly run: CompiledPermissionExpression;
    }
  | { readonly ok: false; readonly text: string; readonly error: string };

const compiledAsts = new WeakMap<PermissionExpressionNode, CompiledPermissionExpression>();
const falseRun: CompiledPermissionExpression = () => false;

function toResolution(text: string, parsed: PermissionExpressionParseResult): Resolution {
  if (!parsed.ok) return { ok: false, text, error: parsed.error };
  const { ast } = parsed;
  if (ast === null) return { ok: true, text, ast, run: falseRun };
  let run = compiledAsts.get(ast);
  if (run === undefined) {
    run = compilePermissionAst(ast);
    compiledAsts.set(ast, run);
  }
  return { ok: true, text, ast, run };
}

/**
 * Builds an evaluator with an injected logger and its own parse cache; the call signature is that of
 * {@link evaluatePermissionExpression}.
 */
export function createPermissionExpressionEvaluator(
  options: PermissionExpressionEvaluatorOptions = {},
): PermissionExpressionEvaluator {
  return createPermissionExpressionEngine(options).evaluate;
}

const defaultEngine = createPermissionExpressionEngine();

/**
 * Evaluates a permission expression (spec §5, §6, §8): `true` when the user's permissions satisfy it;
 * `false` — with a `console.warn` — when it cannot be interpolated, holds a forbidden character after
 * substitution, or does not parse. Never throws and never runs code.
 *
 * @example evaluatePermissionExpression('zone:r && (zone:u || zone:d)', ['zone:*']) // true
 * @example evaluatePermissionExpression('_folderinstance_{id}:u', perms, { id: 7 })
 */
export function evaluatePermissionExpression(
  expression: string,
  permissions: Iterable<string>,
  variables?: Record<string, string | number | boolean>,
): boolean {
  return defaultEngine.evaluate(expression, permissions, variables);
}

/**
 * Like {@link evaluatePermissionExpression}, with the terms involved and those missing
 * (for "why can't I see this?"). Warns through `console.warn` on a refused expression.
 */
export function explainPermissionExpression(
  expression: string,
  permissions: Iterable<string>,
  variables?: Record<string, string | number | boolean>,
): PermissionExpressionExplanation {
  return defaultEngine.explain(expression, permissions, variables);
}
