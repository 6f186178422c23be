import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@app/components/Field';

type ProfileField = 'email' | 'mobile' | 'givenName' | 'familyName';

/** Binds one form value to an input: name, value and onChange. */
export type BindField = (name: ProfileField) => {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
};

/** E-mail and mobile, as registration and profile editing ask for them. */
export function ContactInputs({ field }: { field: BindField }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('auth.email')}
        placeholder={t('auth.emailPlaceholder')}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...field('email')}
      />
      <Field
        label={t('auth.mobile')}
        placeholder={t('auth.mobilePlaceholder')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...field('mobile')}
      />
    </>
  );
}

/** Given and family name. */
export function NameInputs({ field }: { field: BindField }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('auth.givenName')} autoComplete="given-name" {...field('givenName')} />
      <Field label={t('auth.familyName')} autoComplete="family-name" {...field('familyName')} />
    </>
  );
}
