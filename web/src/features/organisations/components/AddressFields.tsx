import { Grid } from '@mantine/core';
import { OrganisationField } from './OrganisationField';

export type AddressField = 'street' | 'number' | 'zip' | 'city';

/** Street and number, postal code and city, in two rows; `inputProps` is the form's getInputProps. */
export function AddressFields({
  inputProps,
  readOnly,
}: {
  inputProps: (field: AddressField) => object;
  readOnly?: boolean;
}) {
  const form = { getInputProps: inputProps };
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <OrganisationField form={form} name="street" readOnly={readOnly} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <OrganisationField form={form} name="number" readOnly={readOnly} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <OrganisationField form={form} name="zip" inputMode="numeric" maxLength={5} readOnly={readOnly} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <OrganisationField form={form} name="city" readOnly={readOnly} />
      </Grid.Col>
    </Grid>
  );
}
