// The JSON of a thing type's attribute (the platform's ThingTypeField: name, unit, symbol,
// dataType, defaultValue; and Portico's label, required, allowed values, bounds, order).
import type { ThingTypeField } from '@portico/core';
import type { StoredAttribute } from '../resources/definitions/thing-attributes.ts';

export function attributeJson(attribute: StoredAttribute): ThingTypeField {
  return {
    id: attribute.id,
    thingTypeId: attribute.thingTypeId,
    name: attribute.name,
    label: attribute.label,
    dataType: attribute.dataType,
    unit: attribute.unit,
    symbol: attribute.symbol,
    required: attribute.required,
    allowedValues: [...attribute.allowedValues],
    minimum: attribute.minimum,
    maximum: attribute.maximum,
    maxLength: attribute.maxLength,
    defaultValue: attribute.defaultValue,
    position: attribute.position,
    creationTime: attribute.creationTime,
  };
}
