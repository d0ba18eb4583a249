// A thing's attribute values in a form: the values as the form's strings (`udfs.<name>` keys beside
// the generic fields, so the unsaved-draft and the pristine check see them), a new thing's
// defaults, and the check before sending, with core's rule (the services check with the same).
// No React: attribute-inputs.tsx renders them.
import { attributeValueText, checkAttributeValue } from '@portico/core';
import type { AttributeDefinition, AttributeValue, AttributeValueProblem } from '@portico/core';
import type { Values } from './form-values.ts';

/** The form key of attribute `name`: the services name a refused value the same (`udfs.weight`). */
export const attributeKey = (name: string): string => `udfs.${name}`;

/** A thing's stored values (`udfs`) as form strings. */
export function attributeInputs(udfs: unknown): Values {
  if (udfs === null || typeof udfs !== 'object' || Array.isArray(udfs)) return {};
  return Object.fromEntries(
    Object.entries(udfs as Record<string, unknown>).map(([name, value]) => [
      attributeKey(name),
      attributeValueText(value as AttributeValue | null),
    ]),
  );
}

/** `values` with each attribute that has no value given its default (a new thing). */
export function withAttributeDefaults(
  definitions: readonly AttributeDefinition[],
  values: Values,
): Values {
  const out = { ...values };
  for (const definition of definitions) {
    const key = attributeKey(definition.name);
    if ((out[key] ?? '') === '' && definition.defaultValue !== null)
      out[key] = attributeValueText(definition.defaultValue);
    // a yes/no box always says one or the other
    if (definition.dataType === 'BOOLEAN' && (out[key] ?? '') === '') out[key] = 'false';
  }
  return out;
}

export type AttributeCheck =
  | { ok: true; udfs: Record<string, AttributeValue> }
  | { ok: false; problems: Record<string, AttributeValueProblem> };

/** The attribute inputs checked by core's rule: the `udfs` to send, or each input's problem. */
export function checkAttributeInputs(
  definitions: readonly AttributeDefinition[],
  values: Values,
): AttributeCheck {
  const udfs: Record<string, AttributeValue> = {};
  const problems: Record<string, AttributeValueProblem> = {};
  for (const definition of definitions) {
    const key = attributeKey(definition.name);
    const check = checkAttributeValue(definition, values[key] ?? '');
    if (!check.ok) problems[key] = check.problem;
    else if (check.value !== null) udfs[definition.name] = check.value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, udfs };
}

/** The services' refusal of attribute values (`attributeProblems` of the 400), by form key. */
export function refusedAttributes(
  details: Readonly<Record<string, unknown>>,
): Record<string, AttributeValueProblem> {
  const list = details.attributeProblems;
  if (!Array.isArray(list)) return {};
  const out: Record<string, AttributeValueProblem> = {};
  for (const item of list as Array<{ attribute?: unknown; problem?: unknown }>)
    if (
      typeof item.attribute === 'string' &&
      item.problem !== null &&
      typeof item.problem === 'object' &&
      typeof (item.problem as { code?: unknown }).code === 'string'
    )
      out[attributeKey(item.attribute)] = item.problem as AttributeValueProblem;
  return out;
}
