// The rule for a record form's title in every language (i18n.ts states it): the concept word is
// the singular, lower-cased unless an acronym; it follows the verb as a bare common noun in en, es,
// it and pt-BR; in French it leads and the action follows as a noun, so no article (whose gender a
// tenant's word does not tell) is ever needed.
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n.ts';
import { formTitle } from './form-values.ts';

const CASES = [
  // language, concept word (ours or a tenant's), creating, may save → title
  ['en', 'Asset', false, true, 'Edit asset'],
  ['en', 'Asset', true, true, 'New asset'],
  ['en', 'Asset', false, false, 'Asset details'],
  ['en', 'RFID tag', false, true, 'Edit RFID tag'],
  ['es', 'Activo', false, true, 'Editar activo'],
  ['es', 'Área', true, true, 'Crear área'],
  ['es', 'Área', false, false, 'Detalles: área'],
  ['pt-BR', 'Ativo', false, true, 'Editar ativo'],
  ['pt-BR', 'Área', true, true, 'Criar área'],
  ['it', 'Bene', false, true, 'Modifica bene'],
  ['it', 'Area', false, false, 'Dettagli: area'],
  ['fr', 'Actif', false, true, 'Actif : modification'],
  ['fr', 'Actif', true, true, 'Actif : création'],
  ['fr', 'Zone', false, false, 'Zone : détails'],
  ['fr', 'Étiquette RFID', false, true, 'Étiquette RFID : modification'],
  ['fr', 'RFID tag', true, true, 'RFID tag : création'],
] as const;

describe('form titles: the concept word agrees with each language', () => {
  it.each(CASES)(
    '%s %j (creating %s, may save %s) -> %j',
    (language, one, creating, canSave, title) => {
      expect(formTitle(translator(language), one, creating, canSave)).toBe(title);
    },
  );

  it('French never puts the concept word after a verb and a colon', () => {
    for (const creating of [true, false])
      for (const canSave of [true, false])
        expect(formTitle(translator('fr'), 'Actif', creating, canSave)).toMatch(
          /^Actif : [a-zé]+$/,
        );
  });
});
