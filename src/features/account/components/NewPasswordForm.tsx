import { List, Section } from '@telegram-apps/telegram-ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@app/components/Field';
import { Form } from '@app/components/Form';
import { digitsOnly } from '../password-rules';

/** What the shopper typed: the old password (when one is asked), the new one and its repetition. */
export interface PasswordPair {
  old: string;
  next: string;
  confirm: string;
}

/** The form's values and a setter for one of them. */
export function usePasswordPair() {
  const [pair, setPair] = useState<PasswordPair>({ old: '', next: '', confirm: '' });
  const set = (name: keyof PasswordPair, value: string) => setPair((p) => ({ ...p, [name]: value }));
  return [pair, set] as const;
}

/** Whether every field of the pair that is shown holds something. */
export const pairFilled = ({ old, next, confirm }: PasswordPair, needsOld: boolean) =>
  Boolean((!needsOld || old) && next && confirm);

// The two kinds differ only in their labels and in what the inputs accept: a login password is
// any text a password manager may fill; a payment password is up to 12 digits typed by hand.
const kinds = {
  login: {
    labels: { old: 'password.old', next: 'password.new', confirm: 'password.confirm' },
    footer: undefined,
    input: { type: 'password' },
    newInput: { autoComplete: 'new-password' },
    oldInput: { autoComplete: 'current-password' },
    accept: (value: string) => value,
  },
  pay: {
    labels: { old: 'password.oldPay', next: 'password.newPay', confirm: 'password.confirmPay' },
    footer: 'password.payHint',
    input: { type: 'password', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 12 },
    newInput: { autoComplete: 'off' },
    oldInput: { autoComplete: 'off' },
    accept: digitsOnly,
  },
} as const;

interface NewPasswordFormProps {
  kind: 'login' | 'pay';
  /** Shows the old password's field. */
  needsOld: boolean;
  pair: PasswordPair;
  onChange: (name: keyof PasswordPair, value: string) => void;
  /** Enter in any field; the page's main button calls the same. */
  onSubmit: () => void;
  /** Inside the form, before the pair (a hidden account name, the login password as proof). */
  children?: ReactNode;
}

/** The old, new and repeated password of the change-password screens, in one submittable form. */
export function NewPasswordForm({
  kind,
  needsOld,
  pair,
  onChange,
  onSubmit,
  children,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const k = kinds[kind];
  const bind = (name: keyof PasswordPair) => ({
    ...k.input,
    ...(name === 'old' ? k.oldInput : k.newInput),
    label: t(k.labels[name]),
    name: name === 'old' ? 'oldpassword' : name === 'next' ? 'newpassword' : 'confirm',
    value: pair[name],
    onChange: (e: { target: { value: string } }) => onChange(name, k.accept(e.target.value)),
  });
  return (
    <List>
      <Form onSubmit={() => onSubmit()}>
        {children}
        <Section footer={k.footer && t(k.footer)}>
          {needsOld && <Field {...bind('old')} />}
          <Field
            {...bind('next')}
            placeholder={kind === 'login' ? t('auth.passwordPlaceholder') : undefined}
          />
          <Field {...bind('confirm')} />
        </Section>
      </Form>
    </List>
  );
}

/** The account's name, hidden: lets password managers tie the password on the form to the account. */
export function HiddenAccountName({ account }: { account: string }) {
  return <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />;
}
