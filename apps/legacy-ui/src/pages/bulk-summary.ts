// What a bulk action's answer says to a person, grouped rather than one sentence per record:
// "3 deleted", "2 still used by 5 logical readers: Dock 1 and Dock 2", "1 not done (…): Dock 9";
// and the names a confirmation lists ("Delete Dock 1, Dock 2 and 3 more?").
import { ApiError } from '../api-client.ts';
import type { BulkResult } from '../api-client.ts';
import { formatList, pluralCategory } from '../i18n.ts';
import type { Translate } from '../i18n.ts';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import type { ResourceDef } from '../resources.ts';

/** Names shown before "and N more". */
export const NAMES_SHOWN = 3;

/**
 * A few names in the language's list form, the rest counted: "Dock 1, Dock 2 and 3 more".
 * `total` is how many there are in all (more than `names` when only some are known).
 */
export function namesText(
  t: Translate,
  language: string,
  names: readonly string[],
  total: number = names.length,
): string {
  // "and 1 more" says less than the name itself
  const shown = total - NAMES_SHOWN === 1 && names.length === total ? total : NAMES_SHOWN;
  const listed = names.slice(0, shown);
  const rest = total - listed.length;
  return formatList(language, rest > 0 ? [...listed, t('list.andMore', { count: rest })] : listed);
}

/** Labels of a resource in the tenant's words, by the count they name ("1 asset", "5 assets"). */
export interface ResourceWords {
  one(resource: ResourceDef): string;
  many(resource: ResourceDef): string;
}

/** The sentences of a bulk answer: what was done, then one per group of records that were not. */
export function bulkSummary(
  t: Translate,
  language: string,
  result: BulkResult,
  words: ResourceWords,
): { done: string; problems: string[] } {
  const doneKey =
    result.action === 'delete'
      ? 'list.bulkDeleted'
      : result.action === 'update'
        ? 'list.bulkUpdated'
        : 'list.bulkRestored';
  const done = t(doneKey, { count: result.done.length });
  const problems: string[] = [];
  const nameOf = (failure: BulkResult['failed'][number]) => failure.name ?? `#${failure.id}`;
  // records still in use, by what uses them
  const used = new Map<string, { names: string[]; uses: number }>();
  const refused = new Map<string, string[]>();
  for (const failure of result.failed) {
    if (failure.usedBy) {
      const group = used.get(failure.usedBy.resource) ?? { names: [], uses: 0 };
      group.names.push(nameOf(failure));
      group.uses += failure.usedBy.count;
      used.set(failure.usedBy.resource, group);
    } else {
      const reason = describeError(t, new ApiError(failure.status, failure.error));
      refused.set(reason, [...(refused.get(reason) ?? []), nameOf(failure)]);
    }
  }
  for (const [resource, { names, uses }] of used) {
    const def = RESOURCES[resource];
    const label = def
      ? pluralCategory(language, uses) === 'one'
        ? words.one(def)
        : words.many(def)
      : resource;
    problems.push(
      t('list.bulkStillUsed', {
        count: names.length,
        uses,
        resource: label.toLocaleLowerCase(language),
        names: namesText(t, language, names),
      }),
    );
  }
  for (const [reason, names] of refused)
    problems.push(
      t('list.bulkRefused', {
        count: names.length,
        reason: reason.replace(/\.$/, ''),
        names: namesText(t, language, names),
      }),
    );
  return { done, problems };
}
