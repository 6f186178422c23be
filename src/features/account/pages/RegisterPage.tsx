import { List, Section } from '@telegram-apps/telegram-ui';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Page } from '@app/components/Page';
import { toast } from '@app/components/toast-store';
import { saveLogin } from '@app/stores/session';
import { ContactInputs, NameInputs } from '../components/ProfileInputs';
import { firstError } from '../validate';
import { Field } from '@app/components/Field';
import { Form } from '@app/components/Form';
import { paths } from '@common/paths';

const EMPTY = {
  account: '',
  password: '',
  confirm: '',
  email: '',
  mobile: '',
  familyName: '',
  givenName: '',
};
type Field = keyof typeof EMPTY;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);

  const field = (name: Field) => ({
    name,
    value: form[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  /** Account and password first, then the confirmation, then the optional fields. */
  const check = async (): Promise<string | null> => {
    const { confirm, ...body } = form;
    return (
      (await firstError((s) => s.registerBody.pick({ account: true, password: true }), body)) ??
      (confirm !== form.password ? t('errors.passwordMismatch') : null) ??
      (await firstError((s) => s.registerBody, body))
    );
  };

  const register = useEndpointMutation('user.register', {
    request: { isToken: false },
    // Busy from the check on: the rules load with the first one, and a second tap must wait.
    run: async (send, _: void) => {
      const error = await check();
      if (error) return void toast.show(error);
      const { confirm: _confirm, ...body } = form;
      await saveLogin(await send(body));
      toast.success(t('user.registered'));
      navigate(paths.profile.href(), { replace: true });
    },
  });
  const submit = () => register.mutate();
  const busy = register.busy;

  const filled = Boolean(form.account.trim() && form.password && form.confirm);

  return (
    <Page
      className="account-page"
      main={{ text: t('auth.register'), onClick: submit, loading: busy, enabled: filled }}
    >
      <List>
        <Form onSubmit={() => submit()}>
          <Section header={t('auth.loginDetails')}>
            <Field
              label={t('auth.account')}
              placeholder={t('auth.accountPlaceholder')}
              autoComplete="username"
              autoCapitalize="none"
              {...field('account')}
            />
            <Field
              label={t('auth.password')}
              placeholder={t('auth.passwordPlaceholder')}
              type="password"
              autoComplete="new-password"
              {...field('password')}
            />
            <Field
              label={t('auth.confirmPassword')}
              placeholder={t('auth.confirmPasswordPlaceholder')}
              type="password"
              autoComplete="new-password"
              {...field('confirm')}
            />
          </Section>
          <Section header={t('auth.aboutYou')}>
            <ContactInputs field={field} />
            <NameInputs field={field} />
          </Section>
        </Form>
      </List>
      <div className="form-footer">
        <span>{t('auth.haveAccount')}</span>
        <button
          type="button"
          className="link-button"
          onClick={() => navigate(paths.login.href(), { replace: true })}
        >
          {t('auth.toLogin')}
        </button>
      </div>
    </Page>
  );
}
