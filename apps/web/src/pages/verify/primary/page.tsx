import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys, useCountries } from '../../../features/account/api/account-queries';
import type { PrimaryInput } from '../../../features/kyc/api/kyc-mutations';
import { useUserAuthInfo } from '../../../features/kyc/api/kyc-queries';
import { CountryField } from '../../../features/kyc/components/country-field';
import {
  TextField,
  VerificationFormPage,
} from '../../../features/kyc/components/verification-form';
import { ImageUploader, type PickedImage } from '../../../ui/image-uploader';
import { useInvalid } from '../../../ui/invalid-fields';

type TextFieldName = 'country' | 'address' | 'realName' | 'idNumber';

/** The residence address: a text area that grows to three lines. */
function AddressField({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const { t } = useTranslation();
  return (
    <label
      className="field field--stacked"
      data-field="address"
      data-invalid={useInvalid('address')}
    >
      <span className="field__label">{t('verify.fields.address')}</span>
      <TextArea
        name="address"
        value={value}
        onChange={onChange}
        placeholder={t('verify.fields.addressPlaceholder')}
        autoComplete="street-address"
        autoSize={{ minRows: 1, maxRows: 3 }}
        maxLength={200}
      />
    </label>
  );
}

/**
 * verify/primary: country, residence address, real name, ID number, and the ID's front and back.
 * After a failure the text fields come back filled with what was sent; the pictures are taken
 * again.
 */
export default function PrimaryVerifyPage() {
  const { t } = useTranslation();
  const info = useUserAuthInfo();
  const countries = useCountries();
  const [typed, setTyped] = useState<Partial<Record<TextFieldName, string>>>({});
  const [idFront, setIdFront] = useState<PickedImage | null>(null);
  const [idBack, setIdBack] = useState<PickedImage | null>(null);

  const previous = info.data?.primary;
  const value = (field: TextFieldName) => typed[field] ?? previous?.[field] ?? '';
  const set = (field: TextFieldName) => (next: string) =>
    setTyped((v) => ({ ...v, [field]: next }));

  return (
    <VerificationFormPage
      kind="primary"
      title={t('verify.primary.title')}
      values={() =>
        ({
          country: value('country'),
          address: value('address').trim(),
          realName: value('realName').trim(),
          idNumber: value('idNumber').replace(/\s+/g, ''),
          idFront: idFront?.file,
          idBack: idBack?.file,
        }) as PrimaryInput
      }
      related={[accountKeys.info]}
      waitFor={info}
    >
      <div className="form-card">
        <CountryField
          label={t('verify.fields.country')}
          countries={countries.data ?? []}
          value={value('country')}
          onChange={set('country')}
        />
        <TextField
          label={t('verify.fields.realName')}
          name="realName"
          value={value('realName')}
          onChange={set('realName')}
          placeholder={t('verify.fields.realNamePlaceholder')}
          autoComplete="name"
          maxLength={60}
        />
        <TextField
          label={t('verify.fields.idNumber')}
          name="idNumber"
          value={value('idNumber')}
          onChange={set('idNumber')}
          placeholder={t('verify.fields.idNumberPlaceholder')}
          autoComplete="off"
          maxLength={40}
        />
        <AddressField value={value('address')} onChange={set('address')} />
      </div>
      <div className="kyc-images">
        <ImageUploader
          name="idFront"
          label={t('verify.fields.idFront')}
          value={idFront}
          onChange={setIdFront}
        />
        <ImageUploader
          name="idBack"
          label={t('verify.fields.idBack')}
          value={idBack}
          onChange={setIdBack}
        />
      </div>
    </VerificationFormPage>
  );
}
