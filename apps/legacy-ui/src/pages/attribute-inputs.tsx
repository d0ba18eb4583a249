// A thing type's attributes as inputs of their kind: a number box with its unit, a yes/no box, a
// date, a choice of the allowed values, a text box. Shared by a thing's form (its values) and the
// attributes page (an attribute's default value).
import { attributeLabel } from '@portico/core';
import type { AttributeDefinition, AttributeValueProblem } from '@portico/core';
import { useLegacy } from '../legacy-context.tsx';
import type { Translate } from '../i18n.ts';

/** A value's problem in the user's language. */
export function attributeProblemText(t: Translate, problem: AttributeValueProblem): string {
  switch (problem.code) {
    case 'tooLong':
      return t('attributes.problem.tooLong', { max: problem.max });
    case 'belowMinimum':
      return t('attributes.problem.belowMinimum', { min: problem.min });
    case 'aboveMaximum':
      return t('attributes.problem.aboveMaximum', { max: problem.max });
    default:
      return t(`attributes.problem.${problem.code}`);
  }
}

/** What the attribute accepts, in words (its bounds or length), or ''. */
export function attributeRuleText(t: Translate, definition: AttributeDefinition): string {
  const { minimum: min, maximum: max } = definition;
  if (definition.dataType === 'NUMBER' || definition.dataType === 'INTEGER') {
    if (min !== null && max !== null) return t('attributes.range', { min, max });
    if (min !== null) return t('attributes.atLeast', { min });
    if (max !== null) return t('attributes.atMost', { max });
  }
  if (definition.dataType === 'TEXT' && definition.maxLength !== null)
    return t('attributes.upTo', { max: definition.maxLength });
  return '';
}

export interface AttributeInputProps {
  definition: AttributeDefinition;
  id: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  /** The id of the field's error text, when it has one. */
  errorId?: string | undefined;
  /** A label other than the attribute's own (the attributes page: "Default value"). */
  label?: string;
  /** Whether to mark it required (default: the attribute's own flag). */
  required?: boolean;
}

/** One attribute's labelled input, its unit and rule beside it. */
export function AttributeInput({
  definition,
  id,
  value,
  onChange,
  disabled,
  errorId,
  label,
  required = definition.required,
}: AttributeInputProps) {
  const { t, language } = useLegacy();
  const text = label ?? attributeLabel(definition, language);
  const unit = definition.symbol || definition.unit;
  const rule = attributeRuleText(t, definition);
  const hintId = `${id}-hint`;
  const described =
    [unit || rule ? hintId : undefined, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    disabled,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': described,
  };
  const hint =
    unit || rule ? (
      <span id={hintId} className="form-hint attribute-hint">
        {[unit, rule].filter(Boolean).join(' · ')}
      </span>
    ) : null;
  if (definition.dataType === 'BOOLEAN')
    return (
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={value === 'true'}
          disabled={disabled}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
        />{' '}
        {text}
      </label>
    );
  const labelElement = (
    <label htmlFor={id}>
      {text}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
  let input;
  if (definition.dataType === 'ENUMERATION')
    input = (
      <select {...common} required={required} onChange={(event) => onChange(event.target.value)}>
        {required && value !== '' ? null : <option value="">{t('form.none')}</option>}
        {definition.allowedValues.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  else
    input = (
      <span className="input-with-unit">
        <input
          {...common}
          required={required}
          type={definition.dataType === 'DATE' ? 'date' : 'text'}
          inputMode={
            definition.dataType === 'NUMBER'
              ? 'decimal'
              : definition.dataType === 'INTEGER'
                ? 'numeric'
                : undefined
          }
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
        {unit ? (
          <span className="attribute-unit" aria-hidden="true">
            {unit}
          </span>
        ) : null}
      </span>
    );
  return (
    <>
      {labelElement}
      {input}
      {hint}
    </>
  );
}
