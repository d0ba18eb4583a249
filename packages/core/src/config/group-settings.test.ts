import { describe, expect, it } from 'vitest';
import {
  GROUP_SETTINGS,
  MAX_SESSION_TIMEOUT_MINUTES,
  groupSetting,
  parseLabelMap,
  validateGroupSetting,
} from './group-settings.ts';

const LABEL = 'vizixVocabularyLabelThings';

describe('editable group fields (spec §3 "Group fields")', () => {
  it('lists the shell fields and one vocabulary label per concept', () => {
    const names = GROUP_SETTINGS.map((setting) => setting.name);
    for (const name of [
      'defaultNavBar',
      'autoLoadTabMenus',
      'timeZoneConfiguration',
      'language',
      'dateFormatConfiguration',
      'calendarFormatConfiguration',
      'sessionTimeout',
      'hiddenTabs',
      'vizixVocabularyLabelPlatform',
      LABEL,
    ])
      expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    expect(groupSetting('passwordHash')).toBeNull();
  });
});

describe('validateGroupSetting', () => {
  it.each<[string, unknown, string | null]>([
    // [field, value sent, text stored or null when refused]
    [LABEL, '{"en":"Assets","es":"Activos"}', '{"en":"Assets","es":"Activos"}'],
    [LABEL, { fr: ' Actifs ', en: 'Assets' }, '{"en":"Assets","fr":"Actifs"}'],
    [LABEL, '{"en":"Assets",', null],
    [LABEL, '{"de":"Anlagen"}', null],
    [LABEL, '{"pt":"Ativos"}', null],
    [LABEL, '{"en":""}', null],
    [LABEL, '{"en":42}', null],
    [LABEL, '{}', null],
    [LABEL, '["Assets"]', null],
    [LABEL, `{"en":"${'x'.repeat(81)}"}`, null],
    ['defaultNavBar', 'things', 'things'],
    ['defaultNavBar', '/app/model/zone', '/app/model/zone'],
    ['defaultNavBar', '/app/no/such/page', null],
    ['defaultNavBar', 'nowhere', null],
    ['defaultNavBar', '', null],
    ['autoLoadTabMenus', true, 'true'],
    ['autoLoadTabMenus', 'false', 'false'],
    ['autoLoadTabMenus', 'yes', null],
    ['sessionTimeout', '30', '30'],
    ['sessionTimeout', 45, '45'],
    ['sessionTimeout', '0', null],
    ['sessionTimeout', '1.5', null],
    ['sessionTimeout', String(MAX_SESSION_TIMEOUT_MINUTES + 1), null],
    ['sessionTimeout', '-5', null],
    ['hiddenTabs', '["gateway","services","gateway"]', '["gateway","services"]'],
    ['hiddenTabs', ['model'], '["model"]'],
    ['hiddenTabs', '["home"]', null],
    ['hiddenTabs', '["nope"]', null],
    ['hiddenTabs', 'gateway', null],
    ['language', 'pt-BR', 'pt-BR'],
    ['language', 'de', null],
    ['timeZoneConfiguration', 'Europe/Berlin', 'Europe/Berlin'],
    ['timeZoneConfiguration', 'Mars/Olympus', null],
    ['dateFormatConfiguration', 'DD.MM.YYYY', 'DD.MM.YYYY'],
    ['dateFormatConfiguration', 'dd/mm', null],
    ['calendarFormatConfiguration', '24h', '24h'],
    ['calendarFormatConfiguration', '36h', null],
    ['supportEmail', 'help@acme.example', 'help@acme.example'],
    ['supportEmail', 'not an address', null],
    ['supportPhone', '+1 (312) 555-0100', '+1 (312) 555-0100'],
    ['supportPhone', 'call us', null],
    ['supportUrl', 'https://help.acme.example/', 'https://help.acme.example/'],
    ['supportUrl', 'javascript:alert(1)', null],
    ['supportUrl', 'https://', null],
    ['supportUrl', 'https://help.example/a b', null],
    [
      'videoTutorials',
      '[{"title":" Intro ","url":"https://video.example/1"}]',
      '[{"title":"Intro","url":"https://video.example/1"}]',
    ],
    ['videoTutorials', '[]', '[]'],
    ['videoTutorials', '[{"title":"x","url":"javascript:alert(1)"}]', null],
    ['videoTutorials', '[{"url":"https://video.example/1"}]', null],
    ['videoTutorials', '{"title":"x"}', null],
    ['videoTutorials', 'not json', null],
    ['videoTutorials', '[null]', null],
    [
      'videoTutorials',
      JSON.stringify(
        Array.from({ length: 51 }, (_, i) => ({ title: `v${i}`, url: 'https://v.example/' })),
      ),
      null,
    ],
    ['passwordHash', 'x', null],
  ])('%s = %j → %s', (name, value, stored) => {
    const check = validateGroupSetting(name, value);
    if (stored === null) {
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.message).not.toBe('');
    } else {
      expect(check).toEqual({ ok: true, value: stored });
    }
  });

  it('names the unknown language and the known ones', () => {
    expect(parseLabelMap('{"de":"x"}')).toEqual({
      ok: false,
      message: 'unknown language de (known: en, es, pt-BR, fr, it)',
    });
  });
});
