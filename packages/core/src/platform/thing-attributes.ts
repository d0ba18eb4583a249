/**
 * Thing attributes: the user-defined fields of a thing type (the real platform's `ThingTypeField`:
 * `name`, `unit`, `symbol`, `dataType`, `defaultValue`) and the values a thing holds for them (the
 * platform's `udfs`). The rules of a definition and of a value live here, so the services refuse and
 * the legacy UI warns with the same rule: a raw value (typed JSON, or the text of a form input or a
 * CSV cell) is either the typed value or a problem naming what is wrong.
 */

/**
 * What an attribute holds. The platform's own names where it has one (`ThingTypeField.Type`:
 * TYPE_TEXT, TYPE_NUMBER, TYPE_BOOLEAN, TYPE_DATE); an integer and a list of allowed values are
 * Portico's.
 */
export const ATTRIBUTE_DATA_TYPES = [
  'TEXT',
  'NUMBER',
  'INTEGER',
  'BOOLEAN',
  'DATE',
  'ENUMERATION',
] as const;
export type AttributeDataType = (typeof ATTRIBUTE_DATA_TYPES)[number];

/** A typed attribute value: text, a date (`YYYY-MM-DD`) and an allowed value are strings. */
export type AttributeValue = string | number | boolean;

/** The languages an attribute's label may be given in. */
export const ATTRIBUTE_LABEL_LANGUAGES = ['en', 'es', 'pt-BR', 'fr', 'it'] as const;

/** The limits of a definition. */
export const ATTRIBUTE_LIMITS = {
  /** Characters of an attribute's name (its code). */
  name: 50,
  /** Characters of a label, per language. */
  label: 100,
  unit: 30,
  symbol: 10,
  /** Allowed values of an enumeration. */
  allowedValues: 100,
  /** Characters of one allowed value. */
  allowedValue: 100,
  /** Characters of a text value (a definition's `maxLength` may only lower it). */
  text: 1000,
  /** Attributes per thing type. */
  attributes: 100,
} as const;

/** A safe identifier: a letter, then letters, digits and `_`. */
export const ATTRIBUTE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Names a thing answers itself, or the platform's thing form uses (`zone`, `status` are udfs the
 * platform maps onto the thing), compared ignoring case: no attribute may take them.
 */
export const RESERVED_ATTRIBUTE_NAMES: readonly string[] = [
  'id',
  'name',
  'serial',
  'serialNumber',
  'status',
  'zone',
  'group',
  'thingType',
  'thingTypeCode',
  'parent',
  'children',
  'time',
  'udfs',
  'activated',
];

/** One attribute of a thing type. */
export interface AttributeDefinition {
  /** Its code: the key of its value in a thing's `udfs`; unique in its thing type. */
  readonly name: string;
  /** A plain label, or one per language (`{en: 'Weight', es: 'Peso'}`); empty: the name is shown. */
  readonly label: string | Readonly<Record<string, string>>;
  readonly dataType: AttributeDataType;
  /** The unit's name (`kilogram`) and symbol (`kg`), shown beside a number. */
  readonly unit: string;
  readonly symbol: string;
  readonly required: boolean;
  /** For ENUMERATION: the values a thing may hold (at least one); empty otherwise. */
  readonly allowedValues: readonly string[];
  /** For NUMBER and INTEGER: inclusive bounds, or null. */
  readonly minimum: number | null;
  readonly maximum: number | null;
  /** For TEXT: the longest value, or null (the limit `ATTRIBUTE_LIMITS.text` then). */
  readonly maxLength: number | null;
  /** Given to a new thing that holds no value for it; null: none. */
  readonly defaultValue: AttributeValue | null;
}

/** What is wrong with a value. */
export type AttributeValueProblem =
  | { readonly code: 'required' }
  | { readonly code: 'unknown' }
  | { readonly code: 'notText' }
  | { readonly code: 'tooLong'; readonly max: number }
  | { readonly code: 'notNumber' }
  | { readonly code: 'notInteger' }
  | { readonly code: 'belowMinimum'; readonly min: number }
  | { readonly code: 'aboveMaximum'; readonly max: number }
  | { readonly code: 'notBoolean' }
  | { readonly code: 'notDate' }
  | { readonly code: 'notAllowed'; readonly allowed: readonly string[] };

export type AttributeValueCheck =
  | { readonly ok: true; readonly value: AttributeValue | null }
  | { readonly ok: false; readonly problem: AttributeValueProblem };

const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

function isEmpty(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string' && NUMBER_TEXT.test(raw.trim())) {
    const value = Number(raw.trim());
    return Number.isFinite(value) ? value : undefined;
  }
  return undefined;
}

/** A real calendar day written `YYYY-MM-DD`. */
export function isAttributeDate(text: string): boolean {
  const match = DATE_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * The typed value of `raw` for attribute `definition`, or what is wrong with it. An empty value
 * (null, nothing, blank text) is null, or `required` when the attribute is.
 */
export function checkAttributeValue(
  definition: AttributeDefinition,
  raw: unknown,
): AttributeValueCheck {
  if (isEmpty(raw))
    return definition.required
      ? { ok: false, problem: { code: 'required' } }
      : { ok: true, value: null };
  const fail = (problem: AttributeValueProblem): AttributeValueCheck => ({ ok: false, problem });
  switch (definition.dataType) {
    case 'TEXT': {
      if (typeof raw !== 'string') return fail({ code: 'notText' });
      const max = definition.maxLength ?? ATTRIBUTE_LIMITS.text;
      return raw.length > max ? fail({ code: 'tooLong', max }) : { ok: true, value: raw };
    }
    case 'NUMBER':
    case 'INTEGER': {
      const value = toNumber(raw);
      if (value === undefined) return fail({ code: 'notNumber' });
      if (definition.dataType === 'INTEGER' && !Number.isSafeInteger(value))
        return fail({ code: 'notInteger' });
      if (definition.minimum !== null && value < definition.minimum)
        return fail({ code: 'belowMinimum', min: definition.minimum });
      if (definition.maximum !== null && value > definition.maximum)
        return fail({ code: 'aboveMaximum', max: definition.maximum });
      return { ok: true, value };
    }
    case 'BOOLEAN':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return fail({ code: 'notBoolean' });
    case 'DATE':
      return typeof raw === 'string' && isAttributeDate(raw.trim())
        ? { ok: true, value: raw.trim() }
        : fail({ code: 'notDate' });
    case 'ENUMERATION':
      return typeof raw === 'string' && definition.allowedValues.includes(raw)
        ? { ok: true, value: raw }
        : fail({ code: 'notAllowed', allowed: definition.allowedValues });
  }
}

/** A value as the text of a form input or a CSV cell (`checkAttributeValue` reads it back). */
export function attributeValueText(value: AttributeValue | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** One attribute's problem in a thing's values. */
export interface ThingAttributeProblem {
  readonly attribute: string;
  readonly problem: AttributeValueProblem;
}

export type ThingAttributesCheck =
  | { readonly ok: true; readonly values: Readonly<Record<string, AttributeValue>> }
  | { readonly ok: false; readonly problems: readonly ThingAttributeProblem[] };

/**
 * A thing's raw values (`{weight: 12}`, or the platform's `{weight: {value: 12}}`) against its type's
 * attributes: every problem (an unknown attribute, a wrong value, a missing required one), or the
 * typed values without the empty ones. `applyDefaults` (a new thing, a thing given a new type) gives
 * an attribute with no value its default.
 */
export function checkThingAttributes(
  definitions: readonly AttributeDefinition[],
  raw: Readonly<Record<string, unknown>>,
  applyDefaults: boolean,
): ThingAttributesCheck {
  const problems: ThingAttributeProblem[] = [];
  const values: Record<string, AttributeValue> = {};
  const known = new Set(definitions.map((definition) => definition.name));
  for (const attribute of Object.keys(raw))
    if (!known.has(attribute)) problems.push({ attribute, problem: { code: 'unknown' } });
  for (const definition of definitions) {
    const given = Object.hasOwn(raw, definition.name) ? raw[definition.name] : undefined;
    let entry: unknown =
      typeof given === 'object' && given !== null && !Array.isArray(given)
        ? (given as Record<string, unknown>).value
        : given;
    if (isEmpty(entry) && applyDefaults && definition.defaultValue !== null)
      entry = definition.defaultValue;
    const check = checkAttributeValue(definition, entry);
    if (!check.ok) problems.push({ attribute: definition.name, problem: check.problem });
    else if (check.value !== null) values[definition.name] = check.value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values };
}

/** An English sentence for a value's problem (the services' 400 messages). */
export function attributeValueProblemText(problem: AttributeValueProblem): string {
  switch (problem.code) {
    case 'required':
      return 'is required';
    case 'unknown':
      return 'is not an attribute of this thing type';
    case 'notText':
      return 'must be text';
    case 'tooLong':
      return `must be at most ${problem.max} characters`;
    case 'notNumber':
      return 'must be a number';
    case 'notInteger':
      return 'must be a whole number';
    case 'belowMinimum':
      return `must be at least ${problem.min}`;
    case 'aboveMaximum':
      return `must be at most ${problem.max}`;
    case 'notBoolean':
      return 'must be true or false';
    case 'notDate':
      return 'must be a date (YYYY-MM-DD)';
    case 'notAllowed':
      return `must be one of: ${problem.allowed.join(', ')}`;
  }
}

/** What is wrong with a definition, by its field. */
export type AttributeDefinitionProblem =
  | {
      readonly field: 'name';
      readonly code: 'required' | 'pattern' | 'tooLong' | 'reserved' | 'duplicate';
    }
  | { readonly field: 'label'; readonly code: 'notLabel' | 'tooLong' | 'language' }
  | { readonly field: 'dataType'; readonly code: 'unknown' }
  | { readonly field: 'unit' | 'symbol'; readonly code: 'notText' | 'tooLong' }
  | {
      readonly field: 'allowedValues';
      readonly code: 'required' | 'notList' | 'empty' | 'tooLong' | 'duplicate' | 'tooMany';
    }
  | {
      readonly field: 'minimum' | 'maximum';
      readonly code: 'notNumber' | 'notInteger' | 'minAboveMax';
    }
  | { readonly field: 'maxLength'; readonly code: 'notLength' }
  | { readonly field: 'required'; readonly code: 'notBoolean' }
  | {
      readonly field: 'defaultValue';
      readonly problem: AttributeValueProblem;
      readonly code: 'value';
    };

export type AttributeDefinitionCheck =
  | { readonly ok: true; readonly definition: AttributeDefinition }
  | { readonly ok: false; readonly problems: readonly AttributeDefinitionProblem[] };

function optionalNumber(raw: unknown): number | null | undefined {
  if (isEmpty(raw)) return null;
  return toNumber(raw);
}

function checkLabel(
  raw: unknown,
  problems: AttributeDefinitionProblem[],
): AttributeDefinition['label'] {
  if (isEmpty(raw)) return '';
  if (typeof raw === 'string') {
    if (raw.trim().length > ATTRIBUTE_LIMITS.label)
      problems.push({ field: 'label', code: 'tooLong' });
    return raw.trim();
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push({ field: 'label', code: 'notLabel' });
    return '';
  }
  const label: Record<string, string> = {};
  for (const [language, text] of Object.entries(raw)) {
    if (!(ATTRIBUTE_LABEL_LANGUAGES as readonly string[]).includes(language)) {
      problems.push({ field: 'label', code: 'language' });
      return '';
    }
    if (typeof text !== 'string') {
      problems.push({ field: 'label', code: 'notLabel' });
      return '';
    }
    if (text.trim().length > ATTRIBUTE_LIMITS.label)
      problems.push({ field: 'label', code: 'tooLong' });
    if (text.trim() !== '') label[language] = text.trim();
  }
  return label;
}

function checkText(
  field: 'unit' | 'symbol',
  raw: unknown,
  problems: AttributeDefinitionProblem[],
): string {
  if (isEmpty(raw)) return '';
  if (typeof raw !== 'string') {
    problems.push({ field, code: 'notText' });
    return '';
  }
  if (raw.trim().length > ATTRIBUTE_LIMITS[field]) problems.push({ field, code: 'tooLong' });
  return raw.trim();
}

function checkAllowedValues(raw: unknown, problems: AttributeDefinitionProblem[]): string[] {
  if (isEmpty(raw)) {
    problems.push({ field: 'allowedValues', code: 'required' });
    return [];
  }
  if (!Array.isArray(raw) || raw.some((value) => typeof value !== 'string')) {
    problems.push({ field: 'allowedValues', code: 'notList' });
    return [];
  }
  const values = (raw as string[]).map((value) => value.trim());
  const fail = (code: 'empty' | 'tooLong' | 'duplicate' | 'tooMany' | 'required') =>
    problems.push({ field: 'allowedValues', code });
  if (values.length === 0) fail('required');
  else if (values.length > ATTRIBUTE_LIMITS.allowedValues) fail('tooMany');
  else if (values.some((value) => value === '')) fail('empty');
  else if (values.some((value) => value.length > ATTRIBUTE_LIMITS.allowedValue)) fail('tooLong');
  else if (new Set(values).size !== values.length) fail('duplicate');
  return values;
}

/**
 * A definition as a client wrote it (JSON, or the text of a form's inputs), checked: the typed
 * definition, or every problem by field. `siblings` are the names of the thing type's other
 * attributes (a name is unique in its thing type, ignoring case). Bounds and lengths that do not
 * apply to the data type are dropped, as are allowed values outside an enumeration.
 */
export function checkAttributeDefinition(
  input: Readonly<Record<string, unknown>>,
  siblings: readonly string[] = [],
): AttributeDefinitionCheck {
  const problems: AttributeDefinitionProblem[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') problems.push({ field: 'name', code: 'required' });
  else if (name.length > ATTRIBUTE_LIMITS.name) problems.push({ field: 'name', code: 'tooLong' });
  else if (!ATTRIBUTE_NAME_PATTERN.test(name)) problems.push({ field: 'name', code: 'pattern' });
  else if (
    RESERVED_ATTRIBUTE_NAMES.some((reserved) => reserved.toLowerCase() === name.toLowerCase())
  )
    problems.push({ field: 'name', code: 'reserved' });
  else if (siblings.some((sibling) => sibling.toLowerCase() === name.toLowerCase()))
    problems.push({ field: 'name', code: 'duplicate' });
  const label = checkLabel(input.label, problems);
  const dataType = input.dataType;
  const known = (ATTRIBUTE_DATA_TYPES as readonly unknown[]).includes(dataType);
  if (!known) problems.push({ field: 'dataType', code: 'unknown' });
  const type = (known ? dataType : 'TEXT') as AttributeDataType;
  const unit = checkText('unit', input.unit, problems);
  const symbol = checkText('symbol', input.symbol, problems);
  let required = false;
  if (typeof input.required === 'boolean') required = input.required;
  else if (!isEmpty(input.required)) problems.push({ field: 'required', code: 'notBoolean' });
  const allowedValues =
    type === 'ENUMERATION' ? checkAllowedValues(input.allowedValues, problems) : [];
  let minimum: number | null = null;
  let maximum: number | null = null;
  if (type === 'NUMBER' || type === 'INTEGER') {
    for (const field of ['minimum', 'maximum'] as const) {
      const value = optionalNumber(input[field]);
      if (value === undefined) problems.push({ field, code: 'notNumber' });
      else if (value !== null && type === 'INTEGER' && !Number.isSafeInteger(value))
        problems.push({ field, code: 'notInteger' });
      else if (field === 'minimum') minimum = value;
      else maximum = value;
    }
    if (minimum !== null && maximum !== null && minimum > maximum)
      problems.push({ field: 'maximum', code: 'minAboveMax' });
  }
  let maxLength: number | null = null;
  if (type === 'TEXT') {
    const value = optionalNumber(input.maxLength);
    if (
      value === undefined ||
      (value !== null &&
        !(Number.isSafeInteger(value) && value >= 1 && value <= ATTRIBUTE_LIMITS.text))
    )
      problems.push({ field: 'maxLength', code: 'notLength' });
    else maxLength = value;
  }
  const definition: AttributeDefinition = {
    name,
    label,
    dataType: type,
    unit,
    symbol,
    required,
    allowedValues,
    minimum,
    maximum,
    maxLength,
    defaultValue: null,
  };
  // the default is a value of the definition, checked once the rest holds (required or not)
  if (problems.length === 0) {
    const check = checkAttributeValue({ ...definition, required: false }, input.defaultValue);
    if (!check.ok) problems.push({ field: 'defaultValue', code: 'value', problem: check.problem });
    else return { ok: true, definition: { ...definition, defaultValue: check.value } };
  }
  return { ok: false, problems };
}

/** An English sentence for a definition's problem (the services' 400 messages). */
export function attributeDefinitionProblemText(problem: AttributeDefinitionProblem): string {
  if (problem.field === 'defaultValue') return attributeValueProblemText(problem.problem);
  switch (problem.code) {
    case 'required':
      return problem.field === 'name'
        ? 'must not be empty'
        : 'an enumeration needs at least one value';
    case 'pattern':
      return 'must start with a letter and hold only letters, digits and _';
    case 'tooLong':
      return problem.field === 'allowedValues'
        ? `each value must be at most ${ATTRIBUTE_LIMITS.allowedValue} characters`
        : `must be at most ${ATTRIBUTE_LIMITS[problem.field]} characters`;
    case 'reserved':
      return 'is a name a thing uses itself';
    case 'duplicate':
      return problem.field === 'name'
        ? 'another attribute of this thing type has this name'
        : 'each value may appear once';
    case 'notLabel':
      return 'must be text, or an object of texts by language';
    case 'language':
      return `languages are ${ATTRIBUTE_LABEL_LANGUAGES.join(', ')}`;
    case 'unknown':
      return `must be one of ${ATTRIBUTE_DATA_TYPES.join(', ')}`;
    case 'notText':
      return 'must be text';
    case 'notList':
      return 'must be a list of texts';
    case 'empty':
      return 'a value may not be empty';
    case 'tooMany':
      return `at most ${ATTRIBUTE_LIMITS.allowedValues} values`;
    case 'notNumber':
      return 'must be a number';
    case 'notInteger':
      return 'must be a whole number';
    case 'minAboveMax':
      return 'must not be below the minimum';
    case 'notLength':
      return `must be a whole number from 1 to ${ATTRIBUTE_LIMITS.text}`;
    case 'notBoolean':
      return 'must be true or false';
  }
}

/** The label of an attribute in `language`: its own, then English, then any, then its name. */
export function attributeLabel(
  definition: Pick<AttributeDefinition, 'name' | 'label'>,
  language: string,
): string {
  const { label } = definition;
  if (typeof label === 'string') return label === '' ? definition.name : label;
  return label[language] ?? label.en ?? Object.values(label)[0] ?? definition.name;
}
