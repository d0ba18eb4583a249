// How concepts are named inside sentences: the tenant's vocabulary (or our translation) with the case
// a sentence needs ("Edit asset", "Asset ACN-00004 saved.").

/** Lower-cases the first letter of a label used inside a sentence ("Asset type" → "asset type"); acronyms stay ("RFID tag"). */
export function lowerFirst(label: string): string {
  const [first = '', second = ''] = [...label];
  if (second !== '' && second === second.toUpperCase() && second !== second.toLowerCase())
    return label;
  return first.toLocaleLowerCase() + label.slice(first.length);
}

/** Upper-cases the first letter of a sentence ("actif : détails" → "Actif : détails"). */
export function sentence(text: string): string {
  const [first = ''] = [...text];
  return first.toLocaleUpperCase() + text.slice(first.length);
}
