import { Avatar, Button, Cell, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { UserInfo } from '@common/schemas/user';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { userApi } from '@app/api/user';
import { Form } from '@app/components/Form';
import { Page } from '@app/components/Page';
import { LoadingState } from '@app/components/States';
import { toast } from '@app/components/toast-store';
import { loadUserInfo, session } from '@app/stores/session';
import { tgEnv } from '@app/telegram/env';
import { useGoBack } from '@app/components/use-go-back';
import { acronym, displayName } from '../user-display';
import { ContactInputs, NameInputs } from '../components/ProfileInputs';
import { firstError } from '../validate';
import { paths } from '@common/paths';

type Form = Pick<UserInfo, 'givenName' | 'familyName' | 'email' | 'mobile'>;
const toForm = ({ givenName, familyName, email, mobile }: UserInfo): Form => ({
  givenName,
  familyName,
  email,
  mobile,
});

/** Names, e-mail and mobile (saved with the main button) and the photo (saved as soon as it is uploaded). */
export default function EditProfilePage() {
  const { t, i18n } = useTranslation();
  const goBack = useGoBack(paths.profile.href());
  const { userInfo } = useSnapshot(session);
  const env = useSnapshot(tgEnv);
  const [form, setForm] = useState<Form | null>(() => (session.userInfo ? toForm(session.userInfo) : null));
  const saving = useEndpointMutation('user.profile', {
    // Busy from the check on: the rules load with the first one, and a second tap must wait.
    run: async (send, _: void) => {
      if (!form) return;
      const error = await firstError((s) => s.profileBody, form);
      if (error) return void toast.show(error);
      await send(form);
      await loadUserInfo();
      toast.success(t('common.saved'));
      goBack();
    },
  });
  // The photo is saved as soon as it is uploaded.
  const photo = useEndpointMutation('user.profile', {
    run: async (send, file: File) => {
      const { url } = await userApi.upload(file);
      await send({ avatar: url });
      await loadUserInfo();
      toast.success(t('profile.photoSaved'));
    },
  });
  const busy = saving.busy;
  const uploading = photo.busy;
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (session.userInfo) return;
    loadUserInfo()
      .then((info) => setForm((f) => f ?? toForm(info)))
      .catch(() => undefined);
  }, []);

  if (!form || !userInfo) {
    return (
      <Page>
        <LoadingState size="l" />
      </Page>
    );
  }

  const dirty = (Object.keys(form) as (keyof Form)[]).some((k) => form[k] !== userInfo[k]);
  const field = (name: keyof Form) => ({
    name,
    value: form[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: e.target.value }),
  });

  const save = () => saving.mutate();
  const uploadPhoto = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void photo.mutate(file);
  };

  const name = displayName(userInfo, i18n.language, userInfo.telegramLinked ? env.userName : '');

  return (
    <Page
      className="account-page"
      main={{ text: t('common.save'), onClick: save, loading: busy, enabled: dirty }}
    >
      <div className="avatar-edit">
        <Avatar size={96} src={userInfo.avatar || undefined} acronym={acronym(name)} alt="" />
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={uploadPhoto}
          data-testid="avatar-input"
        />
        <Button
          mode="bezeled"
          size="s"
          loading={uploading}
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
        >
          {t('profile.changeAvatar')}
        </Button>
      </div>
      <List>
        <Form onSubmit={() => save()}>
          <Section header={t('profile.personal')}>
            <NameInputs field={field} />
          </Section>
          <Section header={t('profile.contact')}>
            <ContactInputs field={field} />
          </Section>
          <Section>
            <Cell
              multiline
              after={
                <span className="nav-cell__after">
                  {userInfo.telegramLinked ? t('profile.telegramLinked') : t('profile.telegramNotLinked')}
                </span>
              }
            >
              {t('profile.telegram')}
            </Cell>
          </Section>
        </Form>
      </List>
    </Page>
  );
}
