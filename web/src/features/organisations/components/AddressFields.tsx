import { Grid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type AddressField = 'street' | 'number' | 'zip' | 'city';

/** Street and number, postal code and city, in two rows; `inputProps` is the form's getInputProps. */
export function AddressFields({
  inputProps,
  readOnly,
}: {
  inputProps: (field: AddressField) => object;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput
          label={t('organisation.fields.street')}
          name="street"
          readOnly={readOnly}
          {...inputProps('street')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label={t('organisation.fields.number')}
          name="number"
          readOnly={readOnly}
          {...inputProps('number')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label={t('organisation.fields.zip')}
          name="zip"
          inputMode="numeric"
          maxLength={5}
          readOnly={readOnly}
          {...inputProps('zip')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput label={t('organisation.fields.city')} name="city" readOnly={readOnly} {...inputProps('city')} />
      </Grid.Col>
    </Grid>
  );
}
