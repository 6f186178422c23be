import { z } from 'zod';
import {
  getSettings,
  setSetting,
  type SettingChanged,
  type SettingView,
  isSettingKey,
  SETTING_KEYS,
  SETTINGS,
} from '../../modules/settings';
import { defineCommand } from '../command';

type Params = { action: 'get'; key?: string } | { action: 'set'; key: string; value: unknown };
type View = { action: 'get'; settings: SettingView[] } | { action: 'set'; changed: SettingChanged };

const KEYS = SETTING_KEYS.join(', ');

const input = z
  .object({
    action: z.enum(['get', 'set'], { error: 'get or set' }),
    key: z.string().optional(),
    value: z.string().optional(),
  })
  .transform((w, ctx): Params => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (w.key !== undefined && !isSettingKey(w.key))
      return fail(`there is no setting "${w.key}"; the settings are: ${KEYS}`);
    if (w.action === 'get') {
      if (w.value !== undefined) return fail('get takes a key only');
      return { action: 'get', key: w.key };
    }
    if (w.key === undefined || w.value === undefined)
      return fail('set needs a key and a JSON value: settings set <key> <json>');
    let value: unknown;
    try {
      value = JSON.parse(w.value);
    } catch {
      return fail(`the value is not JSON: ${w.value}`);
    }
    const checked = SETTINGS[w.key as keyof typeof SETTINGS].schema.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue.path.length ? `${issue.path.join('.')} ` : '';
      return fail(`${w.key}: ${where}${issue.message}. ${SETTINGS[w.key as keyof typeof SETTINGS].help}`);
    }
    return { action: 'set', key: w.key, value: checked.data };
  });

const json = (v: unknown) => JSON.stringify(v);

export const settingsCommand = defineCommand<Params, View>({
  name: 'settings',
  summary: 'Show or change the shop settings (settings get [key], settings set <key> <json>)',
  args: [
    { name: 'action', label: 'get|set' },
    { name: 'key', label: 'key', optional: true },
    { name: 'value', label: 'json', optional: true },
  ],
  details: `Settings: ${SETTING_KEYS.map((k) => `${k}: ${SETTINGS[k].help}`).join('\n')}`,
  examples: [
    'npm run admin -- settings get',
    `npm run admin -- settings set freight '{"fee": 500, "freeAbove": 4900}'`,
  ],
  input,
  async run(db, p, ctx) {
    if (p.action === 'get') return { action: 'get', settings: await getSettings(db, { key: p.key }) };
    return { action: 'set', changed: await setSetting(db, { ...p, operator: ctx.operator }) };
  },
  print(v) {
    if (v.action === 'set') {
      const { key, previous, current } = v.changed;
      return `${key} = ${json(current.value)} (was ${json(previous.value)}${previous.isDefault ? ', the default' : ''}).`;
    }
    return v.settings
      .map(
        (s) =>
          `${s.key} = ${json(s.value)}${s.isDefault ? ' (default)' : ` (set ${s.updatedAt})`}\n  ${s.help}`,
      )
      .join('\n');
  },
});
