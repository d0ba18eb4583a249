// The real platform's list filter, `?where=name~%25dock%25&(status=active|zone.id=3)`, parsed by a
// small recursive-descent parser into a tree, then turned into a Kysely expression over an
// allow-list of fields: values only ever travel as bound parameters, never as SQL text.
//
// Grammar (the platform's QueryUtils.buildSearch, written down; `|` binds tighter than `&`, as there):
//
//   where     := and
//   and       := or ( '&' or )*
//   or        := unary ( '|' unary )*
//   unary     := '!' '(' and ')' | '(' and ')' | condition
//   condition := field op value
//   field     := name ( '.' name )*            name := [A-Za-z_][A-Za-z0-9_]*
//   op        := '=' | '~' | '<' | '>'
//   value     := any characters up to the next unescaped '&', '|', '(' or ')' (may be empty);
//                '\x' stands for x itself; `null` or `\N` alone mean no value (IS NULL)
//
// Meaning: `=` equals (on text, an empty value also matches no value); `~` is SQL LIKE without
// regard to ASCII case (`%` any run, `_` one character, `\%` a literal %); `<` and `>` compare
// numbers and times; on a reference to a group, `group<3` means "group 3 or any group below it".
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { HttpError } from '../http/http-error.ts';
import type { FieldKind } from './resource-spec.ts';
import type { Row } from './resource-spec.ts';

/** Longest `where` accepted (the platform has none; a bound keeps the parser's work small). */
export const MAX_WHERE_LENGTH = 2000;
/** Deepest nesting of parentheses accepted. */
const MAX_DEPTH = 32;

export type WhereOperator = '=' | '~' | '<' | '>';

export type WhereNode =
  | { type: 'and' | 'or'; items: WhereNode[] }
  | { type: 'not'; item: WhereNode }
  | {
      type: 'condition';
      field: string;
      operator: WhereOperator;
      /** null: `null` or `\N` (no value). */
      value: string | null;
      position: number;
    };

/** A refusal of a `where` text, naming the position (0-based) where it went wrong. */
export class WhereSyntaxError extends Error {
  readonly code = 'WHERE_SYNTAX';
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`Invalid where at position ${position}: ${message}`);
    this.name = 'WhereSyntaxError';
  }
}

type Token =
  | { kind: '&' | '|' | '(' | ')' | '!'; position: number }
  | { kind: 'condition'; text: string; raw: string; position: number };

const STRUCTURE = new Set(['&', '|', '(', ')']);

/**
 * Splits the text into structure tokens and condition texts. A `!` is structure only right before
 * a `(`; a condition runs to the next unescaped structure character, escapes kept (`\&`) for the
 * condition parser to read.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (STRUCTURE.has(char)) {
      tokens.push({ kind: char as '&' | '|' | '(' | ')', position: index });
      index++;
      continue;
    }
    if (char === '!' && text.charAt(index + 1) === '(') {
      tokens.push({ kind: '!', position: index });
      index++;
      continue;
    }
    const start = index;
    let raw = '';
    while (index < text.length && !STRUCTURE.has(text.charAt(index))) {
      const current = text.charAt(index);
      if (current === '\\') {
        if (index === text.length - 1) throw new WhereSyntaxError('a lone \\ at the end', index);
        raw += current + text.charAt(index + 1);
        index += 2;
      } else {
        raw += current;
        index++;
      }
    }
    tokens.push({ kind: 'condition', text: raw, raw, position: start });
  }
  return tokens;
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** `field op value` of one condition token (escapes resolved in the value). */
function parseCondition(raw: string, position: number): WhereNode {
  let opIndex = -1;
  for (let index = 0; index < raw.length; index++) {
    const char = raw.charAt(index);
    if (char === '\\') {
      index++;
      continue;
    }
    if (char === '=' || char === '~' || char === '<' || char === '>') {
      opIndex = index;
      break;
    }
  }
  if (opIndex < 0)
    throw new WhereSyntaxError(
      `expected a condition such as name=value (one of = ~ < >) in "${raw.slice(0, 40)}"`,
      position,
    );
  const field = raw.slice(0, opIndex).trim();
  if (!FIELD.test(field))
    throw new WhereSyntaxError(`"${field.slice(0, 40)}" is not a field name`, position);
  const operator = raw.charAt(opIndex) as WhereOperator;
  const rawValue = raw.slice(opIndex + 1);
  if (rawValue === '\\N') return { type: 'condition', field, operator, value: null, position };
  let value = '';
  for (let index = 0; index < rawValue.length; index++) {
    const char = rawValue.charAt(index);
    if (char === '\\') {
      index++;
      value += rawValue.charAt(index);
    } else value += char;
  }
  return {
    type: 'condition',
    field,
    operator,
    value: value === 'null' ? null : value,
    position,
  };
}

/** Parses a `where` text into its tree; WhereSyntaxError (with the position) when it is not one. */
export function parseWhere(text: string): WhereNode | undefined {
  if (text.length > MAX_WHERE_LENGTH)
    throw new WhereSyntaxError(`longer than ${MAX_WHERE_LENGTH} characters`, MAX_WHERE_LENGTH);
  if (text.trim() === '') return undefined;
  const tokens = tokenize(text);
  let next = 0;
  const peek = () => tokens[next];
  const describe = (token: Token | undefined) =>
    token === undefined
      ? 'the end'
      : token.kind === 'condition'
        ? `"${token.raw.slice(0, 40)}"`
        : `"${token.kind}"`;

  /** `operand` once, then again after each `operator`: one node, or them all joined as `type`. */
  function parseJoined(
    operator: '&' | '|',
    type: 'and' | 'or',
    operand: (depth: number) => WhereNode,
    depth: number,
  ): WhereNode {
    const items = [operand(depth)];
    while (peek()?.kind === operator) {
      next++;
      items.push(operand(depth));
    }
    return items.length === 1 ? (items[0] as WhereNode) : { type, items };
  }
  function parseAnd(depth: number): WhereNode {
    return parseJoined('&', 'and', parseOr, depth);
  }
  function parseOr(depth: number): WhereNode {
    return parseJoined('|', 'or', parseUnary, depth);
  }
  function parseGroup(depth: number): WhereNode {
    const open = tokens[next++] as Token;
    if (depth >= MAX_DEPTH)
      throw new WhereSyntaxError(`more than ${MAX_DEPTH} nested parentheses`, open.position);
    const inner = parseAnd(depth + 1);
    const close = peek();
    if (close?.kind !== ')')
      throw new WhereSyntaxError(
        `expected ")" to close the "(" at position ${open.position}, found ${describe(close)}`,
        close?.position ?? text.length,
      );
    next++;
    return inner;
  }
  function parseUnary(depth: number): WhereNode {
    const token = peek();
    if (token?.kind === '!') {
      next++;
      return { type: 'not', item: parseGroup(depth) };
    }
    if (token?.kind === '(') return parseGroup(depth);
    if (token?.kind === 'condition') {
      next++;
      return parseCondition(token.raw, token.position);
    }
    throw new WhereSyntaxError(
      `expected a condition or "(", found ${describe(token)}`,
      token?.position ?? text.length,
    );
  }

  const tree = parseAnd(0);
  const rest = peek();
  if (rest) throw new WhereSyntaxError(`unexpected ${describe(rest)}`, rest.position);
  return tree;
}

/** A field a `where` may name: its column and kind; `groupTree` when it references a group. */
export interface WhereField {
  column: string;
  kind: Extract<FieldKind, 'string' | 'integer' | 'time' | 'ref' | 'boolean'>;
  groupTree?: boolean;
}

type Builder = ExpressionBuilder<Record<string, Row>, string>;

function invalid(node: { position: number; field: string }, message: string): WhereSyntaxError {
  return new WhereSyntaxError(`${node.field}: ${message}`, node.position);
}

/** The LIKE pattern with a trailing lone `\` made literal (a dangling escape is an SQL error). */
function safeLikePattern(pattern: string): string {
  let backslashes = 0;
  for (let index = pattern.length - 1; index >= 0 && pattern.charAt(index) === '\\'; index--)
    backslashes++;
  return backslashes % 2 === 1 ? `${pattern}\\` : pattern;
}

function numberOf(node: { position: number; field: string; value: string | null }): number {
  const text = (node.value ?? '').trim();
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
    throw invalid(node, `"${(node.value ?? '').slice(0, 40)}" is not a number`);
  return value;
}

/**
 * The Kysely expression of a parsed `where` over `fields` (the allow-list: any other name is a 400
 * naming the fields there are).
 */
export function whereExpression(
  eb: Builder,
  node: WhereNode,
  fields: ReadonlyMap<string, WhereField>,
  groupsTable: string,
): Expression<SqlBool> {
  switch (node.type) {
    case 'and':
      return eb.and(node.items.map((item) => whereExpression(eb, item, fields, groupsTable)));
    case 'or':
      return eb.or(node.items.map((item) => whereExpression(eb, item, fields, groupsTable)));
    case 'not':
      return eb.not(whereExpression(eb, node.item, fields, groupsTable));
    case 'condition':
      break;
  }
  const field = fields.get(node.field);
  if (!field)
    throw invalid(node, `not a field of this list; one of ${[...fields.keys()].join(', ')}`);
  const column = eb.ref(field.column);
  if (node.value === null) {
    if (node.operator !== '=') throw invalid(node, 'null only compares with =');
    return eb(column, 'is', null);
  }
  switch (field.kind) {
    case 'string': {
      const value = node.value;
      if (node.operator === '=')
        return value === ''
          ? eb.or([eb(column, '=', ''), eb(column, 'is', null)])
          : eb(column, '=', value);
      if (node.operator === '~')
        return sql<SqlBool>`lower(${column}) like lower(${safeLikePattern(value)}) escape '\\'`;
      throw invalid(node, `${node.operator} compares numbers and times, not text`);
    }
    case 'boolean': {
      if (node.operator !== '=') throw invalid(node, 'a flag only compares with =');
      const text = node.value.trim().toLowerCase();
      if (text !== 'true' && text !== 'false')
        throw invalid(node, `"${node.value.slice(0, 40)}" is not true or false`);
      return eb(column, '=', text === 'true' ? 1 : 0);
    }
    default: {
      const value = numberOf(node);
      if (node.operator === '~') throw invalid(node, '~ compares text, not numbers');
      if (node.operator === '=') return eb(column, '=', value);
      if (node.operator === '>') return eb(column, '>', value);
      if (field.groupTree)
        // "group<3": group 3 and every group below it (hierarchyCode holds >…>3>…)
        return eb(
          column,
          'in',
          eb
            .selectFrom(groupsTable)
            .select('id')
            .where('hierarchyCode', 'like', `%>${String(Math.trunc(value))}>%`),
        );
      return eb(column, '<', value);
    }
  }
}

/** An HTTP 400 of a WhereSyntaxError (`position` in the body). */
export function whereHttpError(error: WhereSyntaxError): HttpError {
  return new HttpError(400, error.message, { where: error.message }, undefined, {
    position: error.position,
  });
}
