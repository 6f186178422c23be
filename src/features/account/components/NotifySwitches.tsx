import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '@app/api/call';
import { queryKeyOf } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { useLoad } from '@app/api/use-load';
import { userApi } from '@app/api/user';
import { SwitchCell } from '@app/components/SwitchCell';
import { askWriteAccess, canAskWriteAccess } from '@app/telegram/native';

type Settings = Answer<'notify.settings'>;
const KINDS = ['orders', 'refunds', 'wallet'] as const;
type Kind = (typeof KINDS)[number];

/** The switches' answer, as /setting's first view asks for it (src/api/first-answers.ts). */
export const notifySettingsAnswer = {
  name: 'notify.settings',
  params: {},
  load: userApi.notifySettings,
} as const;

/**
 * The /setting switches of the notifications the bot sends to Telegram, grouped as a shopper thinks
 * of them, under whether the bot may message the shopper at all (a shopper who came by a direct
 * link and never started the bot has not allowed it: "Allow" asks Telegram's question). Shown only
 * to an account with a Telegram chat; a switch flips at once and flips back when the server refuses
 * (its message is the toast). Everything stays listed on /notification.
 */
export function NotifySwitches() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  // Asked again on every visit: the bot's right to write changes outside the app.
  const { name, params, load } = notifySettingsAnswer;
  const settings = useLoad(name, params, load, { fresh: true }).data;
  const setSettings = (next: Settings) => client.setQueryData(queryKeyOf(name, params, i18n.language), next);
  // A switch flips at once, and back when the server refuses; the answer is what is saved.
  const save = useEndpointMutation('notify.saveSettings', {
    request: { repeatSubmit: false },
    run: async (send, { kind, on, before }: { kind: Kind; on: boolean; before: Settings }) => {
      setSettings({ ...before, [kind]: on });
      try {
        setSettings(await send({ [kind]: on }));
      } catch (e) {
        setSettings(before);
        throw e;
      }
    },
  });
  const allowing = useEndpointMutation('notify.saveSettings', {
    request: { repeatSubmit: false },
    run: async (send, _: void) => {
      if ((await askWriteAccess()) === 'allowed') setSettings(await send({ bot_write_allowed: true }));
    },
  });
  const saving = save.busy;
  const asking = allowing.busy;

  if (!settings?.telegram) return null;

  const flip = (kind: Kind, on: boolean) => save.mutate({ kind, on, before: settings });
  const allow = () => allowing.mutate();

  return (
    <Section
      header={t('notifySettings.title')}
      footer={settings.blocked ? t('notifySettings.blocked') : t('notifySettings.hint')}
      data-testid="notify-switches"
    >
      <Cell
        multiline
        subtitle={settings.botMayWrite ? t('notifySettings.canWrite') : t('notifySettings.cannotWrite')}
        after={
          !settings.botMayWrite && canAskWriteAccess() ? (
            <Button
              size="s"
              mode="bezeled"
              loading={asking}
              onClick={() => void allow()}
              data-testid="notify-allow"
            >
              {t('notifySettings.allow')}
            </Button>
          ) : undefined
        }
        data-testid="notify-write"
      >
        {t('notifySettings.botMessages')}
      </Cell>
      {KINDS.map((kind) => (
        <SwitchCell
          key={kind}
          label={t(`notifySettings.${kind}`)}
          description={t(`notifySettings.${kind}Hint`)}
          name={`notify-${kind}`}
          checked={settings[kind]}
          disabled={saving}
          onChange={(on) => void flip(kind, on)}
          data-testid={`notify-${kind}`}
        />
      ))}
    </Section>
  );
}
