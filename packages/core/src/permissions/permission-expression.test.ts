import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  MAX_PERMISSION_EXPRESSION_DEPTH,
  MAX_PERMISSION_EXPRESSION_LENGTH,
  collectPermissionTerms,
  compilePermissionAst,
  createPermissionExpressionEngine,
  createPermissionExpressionEvaluator,
  evaluatePermissionAst,
  evaluatePermissionExpression,
  explainPermissionExpression,
  interpolatePermissionExpression,
  parsePermissionExpression,
  printPermissionExpression,
} from './permission-expression.ts';
import type { PermissionExpressionNode } from './permission-expression.ts';
import { createPermissionSet } from './permission-string.ts';

function quiet() {
  const logger = { warn: vi.fn() };
  return { logger, evaluate: createPermissionExpressionEvaluator({ logger }) };
}

describe('spec §5: "terms of the form resource:letters combined with && and ||, with parentheses. A term is true if that permission is held"', () => {
  const held = ['zone:r', 'zone:u', 'thing:*', 'localmap:r', 'user:r:42'];
  it.each([
    ['zone:r', true],
    ['zone:d', false],
    ['zone:r && zone:u', true],
    ['zone:r && zone:d', false],
    ['zone:d || zone:u', true],
    ['zone:d || zone:i', false],
    ['!zone:d', true],
    ['!zone:r', false],
    ['zone:r && !(zone:d || zone:i)', true],
    ['(zone:d || zone:r) && (thing:x)', true],
    ['thing:riud', true],
    ['ZONE:r', true],
    ['user:r:42', true],
    ['user:r:43', false],
    ['mapmaker:x && (zone:r || localmap:r)', false],
    ['  zone:r\t&&\nzone:u  ', true],
  ])('%s -> %s', (expression, expected) => {
    const { logger, evaluate } = quiet();
    expect(evaluate(expression, held)).toBe(expected);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('spec §5: "evaluated only when, after substitution, it contains only 0, 1, spaces, parentheses, & * + and !. Otherwise it is false" (with a warning, §8)', () => {
  it.each([
    ['1', true],
    ['0', false],
    ['!0', true],
    ['1 * 1', true],
    ['1 * 0', false],
    ['0 + 1', true],
    ['1 & 1', true],
    ['1 & 0', false],
    ['(1 + 1) & 1', false], // 2 & 1 is 0: the legacy pipeline's bitwise AND, reproduced
    ['1 + 1 & 1', false],
    ['10', true], // ten is truthy
    ['!!1', true],
    ['+1', true],
    ['1 + +0', true],
    ['zone:r &&&& zone:u', true], // became 1 ** 1
    ['zone:d &&&& zone:r', false], // 0 ** 1
    ['(!1) ** 0', true],
    ['1 ** 1 ** 0', true],
  ])('%s -> %s without warning', (expression, expected) => {
    const { logger, evaluate } = quiet();
    expect(evaluate(expression, ['zone:r', 'zone:u'])).toBe(expected);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it.each([
    ['zone:r || alert(1)', 'neither a permission term'],
    ['zone:r; 1', 'character ";"'],
    ['zone:r | zone:u', 'single "|"'],
    ['zone:r |||| zone:u', '"++"'],
    ['1 ++ 1', '"++"'],
    ['zone:*', 'neither a permission term'],
    ['zone:q', 'neither a permission term'],
    ['2', 'neither a permission term'],
    ['01', 'octal'],
    ['zone:r zone:u', 'unexpected term'],
    ['(zone:r)(zone:u)', 'not a function'],
    ['zone:r &&', 'unexpected end'],
    ['(zone:r', 'missing ")"'],
    ['zone:r)', 'unexpected ")"'],
    ['(zone:r) 1', 'unexpected number "1"'],
    ['()', 'unexpected ")"'],
    ['!1 ** 1', 'unary operator'],
    ['+1 ** 1', 'unary operator'],
    ['zone:r === 1', 'character "="'],
    ['constructor', 'neither a permission term'],
    ['zone:r && ééé', 'character "é"'],
    ['zone:r && * zone:d', 'unexpected "*"'], // `*` `*` apart: 1 * * 0 was a syntax error
  ])('%s -> false with a warning (%s)', (expression, reason) => {
    const { logger, evaluate } = quiet();
    expect(evaluate(expression, ['zone:*'])).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]?.[0])).toContain(reason);
  });

  it('an empty expression is false without a warning (nothing to evaluate)', () => {
    const { logger, evaluate } = quiet();
    expect(evaluate('', ['zone:*'])).toBe(false);
    expect(evaluate('   ', ['zone:*'])).toBe(false);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('refuses over-long and over-deep expressions with a warning', () => {
    const { logger, evaluate } = quiet();
    expect(evaluate('1'.padEnd(MAX_PERMISSION_EXPRESSION_LENGTH + 1, ' '), [])).toBe(false);
    const deep =
      '('.repeat(MAX_PERMISSION_EXPRESSION_DEPTH + 1) +
      '1' +
      ')'.repeat(MAX_PERMISSION_EXPRESSION_DEPTH + 1);
    expect(evaluate(deep, [])).toBe(false);
    expect(evaluate('!'.repeat(MAX_PERMISSION_EXPRESSION_DEPTH + 1) + '0', [])).toBe(false);
    expect(
      evaluate(
        Array.from({ length: MAX_PERMISSION_EXPRESSION_DEPTH + 2 }, () => '1').join(' ** '),
        [],
      ),
    ).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(4);
    const shallow = '('.repeat(50) + '1' + ')'.repeat(50);
    expect(evaluate(shallow, [])).toBe(true);
  });
});

describe('spec §5: "Template placeholders are replaced by a variable\'s value after a colon or underscore, or by a truth flag otherwise"', () => {
  const perms = ['_folderinstance_7:u', 'reportdefinitionfolder:r', 'user:r:42'];
  it.each([
    ['_folderinstance_{id}:u', { id: 7 }, true],
    ['_folderinstance_{id}:u', { id: '8' }, false],
    ['user:r:{id}', { id: 42 }, true],
    ['{type}folder:r', { type: 'reportDefinition' }, true],
    ['{ isOwner }', { isOwner: true }, true],
    ['{isOwner}', { isOwner: false }, false],
    ['{isOwner} && 1', { isOwner: 1 }, true],
    ['{isOwner}', { isOwner: 0 }, false],
    ['{isOwner}', { isOwner: Number.NaN }, false],
    ['{isOwner}', { isOwner: 'yes' }, true],
    ['{isOwner}', { isOwner: 'false' }, false],
    ['{isOwner}', { isOwner: '0' }, false],
    ['{isOwner}', { isOwner: '' }, false],
    ['({isOwner})', { isOwner: true }, true],
  ])('%s with %o -> %s', (expression, variables, expected) => {
    const { logger, evaluate } = quiet();
    expect(evaluate(expression, perms, variables)).toBe(expected);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it.each([
    ['_folderinstance_{id}:u', undefined, 'no value for placeholder {id}'],
    ['_folderinstance_{id}:u', {}, 'no value for placeholder {id}'],
    ['{toString}', {}, 'no value for placeholder {toString}'],
    ['_folderinstance_{id}:u', { id: '7:u || 1' }, 'not a plain name'],
    ['_folderinstance_{id}:u', { id: { nested: 1 } }, 'no value'],
  ])('%s with %o fails to interpolate: false with a warning', (expression, variables, reason) => {
    const { logger, evaluate } = quiet();
    expect(evaluate(expression, perms, variables as Record<string, string>)).toBe(false);
    expect(String(logger.warn.mock.calls[0]?.[0])).toContain(reason);
  });

  it('interpolatePermissionExpression leaves placeholder-free text alone', () => {
    expect(interpolatePermissionExpression('zone:r')).toEqual({ ok: true, text: 'zone:r' });
    expect(interpolatePermissionExpression('_x_{id}:r && {f}', { id: 3, f: true })).toEqual({
      ok: true,
      text: '_x_3:r && 1',
    });
  });
});

describe('engine behaviour', () => {
  it('never throws on a non-string expression or a throwing permission iterable', () => {
    const { logger, evaluate } = quiet();
    expect(evaluate(42 as unknown as string, [])).toBe(false);
    const broken: Iterable<string> = {
      [Symbol.iterator]: () => {
        throw new Error('boom');
      },
    };
    expect(evaluate('zone:r', broken)).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('explain names the terms and the missing ones', () => {
    const logger = { warn: vi.fn() };
    const engine = createPermissionExpressionEngine({ logger });
    expect(engine.explain('mapmaker:x && (zone:r || localmap:r)', ['mapmaker:x'])).toEqual({
      result: false,
      expression: 'mapmaker:x && (zone:r || localmap:r)',
      terms: ['mapmaker:x', 'zone:r', 'localmap:r'],
      missingTerms: ['zone:r', 'localmap:r'],
    });
    expect(engine.explain('zone:r || zone:u', ['zone:r']).missingTerms).toEqual([]);
    expect(engine.explain('_f_{id}:r', [], { id: 3 }).expression).toBe('_f_3:r');
    expect(engine.explain('zone:r |', []).error).toContain('single "|"');
    expect(engine.explain('{x}', []).error).toContain('no value');
    expect(engine.explain(7 as unknown as string, []).error).toBe('expression is not a string');
    const broken: Iterable<string> = {
      [Symbol.iterator]: () => {
        throw 'nope';
      },
    };
    expect(engine.explain('zone:r', broken).error).toBe('evaluation failed: nope');
    const throwing: Iterable<string> = {
      [Symbol.iterator]: () => {
        throw new Error('bad');
      },
    };
    expect(engine.explain('zone:r', throwing).error).toBe('evaluation failed: bad');
    expect(logger.warn).toHaveBeenCalledTimes(5);
  });

  it('the default evaluator and explainer warn through console.warn', () => {
    const spy = vi
      .spyOn(
        (globalThis as unknown as { console: { warn(...args: unknown[]): void } }).console,
        'warn',
      )
      .mockImplementation(() => undefined);
    try {
      expect(evaluatePermissionExpression('zone:r', ['zone:r'])).toBe(true);
      expect(evaluatePermissionExpression('zone:r;', ['zone:r'])).toBe(false);
      expect(explainPermissionExpression('zone:r', []).missingTerms).toEqual(['zone:r']);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('caches parses (bounded, first in first out) and works with the cache disabled', () => {
    for (const cacheSize of [0, 2]) {
      const { evaluate } = {
        evaluate: createPermissionExpressionEvaluator({ cacheSize, logger: { warn: vi.fn() } }),
      };
      for (const round of [1, 2]) {
        expect(evaluate('zone:r', ['zone:r']), `round ${round}`).toBe(true);
        expect(evaluate('zone:u', ['zone:r'])).toBe(false);
        expect(evaluate('zone:r && zone:u', ['zone:*'])).toBe(true);
        expect(evaluate('zone:r |', ['zone:*'])).toBe(false);
      }
    }
  });

  it('accepts a PermissionSet or a frozen list as the permissions', () => {
    const { evaluate } = quiet();
    expect(evaluate('zone:r', createPermissionSet(['zone:r']))).toBe(true);
    expect(evaluate('zone:r', Object.freeze(['zone:*']))).toBe(true);
    expect(evaluate('zone:r', new Set(['zone:r']))).toBe(true);
  });
});

describe('AST evaluation: compiled closures and the plain walk agree', () => {
  const set = createPermissionSet(['zone:r']);
  it.each([
    ['zone:r', true],
    ['zone:u', false],
    ['!zone:u', true],
    ['!zone:r', false],
    ['+zone:r', true],
    [`${'1'.repeat(400)} * 0`, false], // Infinity * 0 is NaN: falsy, as in JavaScript
    ['zone:r && zone:u', false],
    ['zone:r || zone:u', true],
    ['(zone:r + zone:r) & zone:r', false],
    ['zone:u ** zone:u', true],
    ['10 * 0', false],
    ['', false],
  ])('%s -> %s', (text, expected) => {
    const parsed = parsePermissionExpression(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(evaluatePermissionAst(parsed.ast, set)).toBe(expected);
    expect(compilePermissionAst(parsed.ast)(set)).toBe(expected);
  });

  it('interpolatePermissionExpression reports a missing variable itself', () => {
    expect(interpolatePermissionExpression('{a} && {b}', { a: true })).toEqual({
      ok: false,
      error: 'no value for placeholder {b}',
    });
    expect(interpolatePermissionExpression('{a}', { a: [] as unknown as string })).toEqual({
      ok: false,
      error: 'no value for placeholder {a}',
    });
  });

  it('evaluate reports a non-Error failure', () => {
    const { logger, evaluate } = quiet();
    const broken: Iterable<string> = {
      [Symbol.iterator]: () => {
        throw 'nope';
      },
    };
    expect(evaluate('zone:r', broken)).toBe(false);
    expect(String(logger.warn.mock.calls[0]?.[0])).toContain('evaluation failed: nope');
  });

  it('keeps per-template resolutions bounded and correct', () => {
    const { evaluate } = quiet();
    for (let id = 0; id < 300; id += 1)
      expect(evaluate('_folderinstance_{id}:u', ['_folderinstance_5:u'], { id })).toBe(id === 5);
    expect(evaluate('_folderinstance_{id}:u', ['_folderinstance_5:u'], { id: 5 })).toBe(true);
  });

  it('keeps the template cache bounded and correct', () => {
    const evaluate = createPermissionExpressionEvaluator({
      cacheSize: 3,
      logger: { warn: vi.fn() },
    });
    for (const round of [1, 2]) {
      for (const letter of ['r', 'i', 'u', 'd', 'a'])
        expect(evaluate(`zone:${letter} || {f}`, ['zone:u'], { f: false }), `round ${round}`).toBe(
          letter === 'u',
        );
    }
  });
});

describe('parse / print', () => {
  it('parses to the documented AST', () => {
    expect(parsePermissionExpression('!a:r || b:u && c:d & 1 ** 0')).toEqual({
      ok: true,
      ast: {
        kind: 'bitand',
        left: {
          kind: 'or',
          left: { kind: 'not', operand: { kind: 'term', key: 'a:r' } },
          right: {
            kind: 'and',
            left: { kind: 'term', key: 'b:u' },
            right: { kind: 'term', key: 'c:d' },
          },
        },
        right: {
          kind: 'power',
          left: { kind: 'number', text: '1' },
          right: { kind: 'number', text: '0' },
        },
      },
    });
    expect(parsePermissionExpression('')).toEqual({ ok: true, ast: null });
    expect(parsePermissionExpression(null as unknown as string)).toEqual({
      ok: false,
      error: 'expression is not a string',
    });
  });

  it('prints canonical text', () => {
    const parsed = parsePermissionExpression('!a:r || +(b:u * c:d) & 10 ** 1');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(printPermissionExpression(parsed.ast)).toBe('((!a:r) || (+(b:u && c:d))) & (10 ** 1)');
    expect(printPermissionExpression(null)).toBe('');
    expect(collectPermissionTerms(parsed.ast)).toEqual(['a:r', 'b:u', 'c:d']);
    expect(collectPermissionTerms(null)).toEqual([]);
  });
});

// ---- properties -----------------------------------------------------------------------------

const TERMS = ['zone:r', 'zone:u', 'thing:x', 'user:d', 'localmap:r'] as const;

type BoolAst =
  | { readonly kind: 'term'; readonly key: string }
  | { readonly kind: 'not'; readonly operand: BoolAst }
  | { readonly kind: 'and' | 'or'; readonly left: BoolAst; readonly right: BoolAst };

const boolAst = fc.letrec<{ node: BoolAst }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...TERMS).map((key) => ({ kind: 'term' as const, key })),
    tie('node').map((operand) => ({ kind: 'not' as const, operand })),
    fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const),
      left: tie('node'),
      right: tie('node'),
    }),
  ),
})).node;

/** The expression as a person writes it: minimal parentheses chosen at random, spacing at random. */
function render(node: BoolAst, random: () => boolean): string {
  const space = () => (random() ? ' ' : '');
  switch (node.kind) {
    case 'term':
      return node.key;
    case 'not':
      return `!${node.operand.kind === 'term' && random() ? node.operand.key : `(${render(node.operand, random)})`}`;
    default: {
      const op = node.kind === 'and' ? '&&' : '||';
      const side = (child: BoolAst) => {
        const needs = child.kind === 'or' && node.kind === 'and';
        const text = render(child, random);
        return needs || (child.kind !== 'term' && random())
          ? `(${space()}${text}${space()})`
          : text;
      };
      // `||` is left-associative, `&&` too; a right child of the same kind needs no parentheses
      // in boolean logic either, so both renderings are equivalent.
      return `${side(node.left)}${space() || ' '}${op}${space() || ' '}${side(node.right)}`;
    }
  }
}

function reference(node: BoolAst, held: ReadonlySet<string>): boolean {
  switch (node.kind) {
    case 'term':
      return held.has(node.key);
    case 'not':
      return !reference(node.operand, held);
    case 'and':
      return reference(node.left, held) && reference(node.right, held);
    case 'or':
      return reference(node.left, held) || reference(node.right, held);
  }
}

const alphabet = fc.constantFrom(
  ...'01 ()&*+!|:_{}zone:rudx'.split(''),
  'zone:r',
  'a:u',
  '&&',
  '||',
  '{f}',
  '{id}',
);
const expressionLike = fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join(''));

const anyAst: fc.Arbitrary<PermissionExpressionNode> = fc.letrec<{
  node: PermissionExpressionNode;
}>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...TERMS).map((key) => ({ kind: 'term' as const, key })),
    fc.constantFrom('0', '1', '10', '111').map((text) => ({ kind: 'number' as const, text })),
    fc.record({ kind: fc.constantFrom('not' as const, 'positive' as const), operand: tie('node') }),
    fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const, 'bitand' as const, 'power' as const),
      left: tie('node'),
      right: tie('node'),
    }),
  ),
})).node;

describe('properties', () => {
  it('never throws and always answers a boolean, for any string and any variables', () => {
    const { evaluate } = quiet();
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), expressionLike),
        fc.array(fc.constantFrom(...TERMS, 'zone:*', 'garbage')),
        fc.dictionary(
          fc.constantFrom('f', 'id', 'type'),
          fc.oneof(fc.string(), fc.integer(), fc.boolean()),
        ),
        (expression, permissions, variables) => {
          expect(typeof evaluate(expression, permissions, variables)).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
    // 2,000 runs: slow under coverage on a shared two-core machine, never a speed check
  }, 30_000);

  it('agrees with a brute-force truth table on random well-formed expressions', () => {
    const { logger, evaluate } = quiet();
    fc.assert(
      fc.property(boolAst, fc.infiniteStream(fc.boolean()), (ast, stream) => {
        const iterator = stream[Symbol.iterator]();
        const text = render(ast, () => iterator.next().value as boolean);
        // every subset of the five terms: the whole truth table
        for (let mask = 0; mask < 1 << TERMS.length; mask += 1) {
          const held = new Set(TERMS.filter((_, bit) => (mask & (1 << bit)) !== 0));
          expect(evaluate(text, held), `${text} with ${[...held].join(',')}`).toBe(
            reference(ast, held),
          );
        }
      }),
      { numRuns: 300 },
    );
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('the compiled form agrees with the AST walk on random ASTs and permissions', () => {
    fc.assert(
      fc.property(anyAst, fc.subarray([...TERMS]), (ast, held) => {
        const set = createPermissionSet(held);
        expect(compilePermissionAst(ast)(set)).toBe(evaluatePermissionAst(ast, set));
      }),
    );
    expect(compilePermissionAst(null)(createPermissionSet([]))).toBe(false);
  });

  it('round-trips: print(parse(x)) parses to the same AST', () => {
    fc.assert(
      fc.property(expressionLike, (text) => {
        const parsed = parsePermissionExpression(text);
        if (!parsed.ok) return;
        expect(parsePermissionExpression(printPermissionExpression(parsed.ast))).toEqual(parsed);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(anyAst, (ast) => {
        expect(parsePermissionExpression(printPermissionExpression(ast))).toEqual({
          ok: true,
          ast,
        });
      }),
    );
  });
});
