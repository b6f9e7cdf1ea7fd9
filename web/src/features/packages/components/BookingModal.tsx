import { useState } from 'react';
import { Alert, Anchor, Button, Divider, Group, Modal, NumberInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ModalActions } from '@/components/ModalActions';
import { ConsentChecks } from '@/components/ConsentChecks';
import type { Organisation } from '@/api/organisations/types';
import {
  CONSENT_DOCUMENT,
  legalDocumentURL,
  legalLanguage,
  useConsents,
  useGiveConsent,
  type ConsentKind,
} from '@/api/legal/legal';
import { figures, formatEuro, invoiceURL, useBookPackage, type Booking, type Package } from '../api/packages';
import { packageTitle } from './names';

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The package booking modal (docs/PRODUCT.md §2): the package, its yearly price with VAT, where the
 * invoice goes; booking records it, mails every administrator and makes the invoice. */
export function BookingModal({
  organisation: o,
  pkg,
  vatPercent,
  upgrade,
  onClose,
}: {
  organisation: Organisation;
  pkg: Package | null;
  vatPercent: number;
  upgrade: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const book = useBookPackage(o.id);
  const consents = useConsents(o.id, !!pkg);
  const consent = useGiveConsent(o.id);
  const [quantity, setQuantity] = useState(1);
  const [done, setDone] = useState<Booking | null>(null);
  const [accepted, setAccepted] = useState<Partial<Record<ConsentKind, boolean>>>({});
  const missing = consents.data?.missing ?? [];
  const lang = legalLanguage(i18n.language);
  const close = () => {
    book.reset();
    consent.reset();
    setDone(null);
    setQuantity(1);
    setAccepted({});
    onClose();
  };
  if (!pkg) return null;
  const money = (c: number) => formatEuro(c, i18n.language);
  const f = figures(pkg.price_cents, quantity, vatPercent);
  const address = [o.name, o.contact_invoice, `${o.street} ${o.number}`.trim(), `${o.zip} ${o.city}`.trim()]
    .filter((s) => s && s.trim())
    .join(', ');
  const title = packageTitle(t, pkg);
  return (
    <Modal
      opened={!!pkg}
      onClose={close}
      centered
      size="lg"
      title={<Text fw={650}>{done ? t('packages.modal.doneTitle') : t('packages.modal.title')}</Text>}
    >
      {done ? (
        <Stack gap="md" data-testid="booking-done">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="arbor" variant="light" radius="xl" size={42}>
              <IconCircleCheck size={26} />
            </ThemeIcon>
            <Text size="sm">{t('packages.modal.doneText', { name: title, invoice: done.invoice_number })}</Text>
          </Group>
          <Group justify="space-between">
            <Anchor href={invoiceURL(o.id, done.id)} download data-testid="booking-invoice">
              <Group gap={6}>
                <IconDownload size={16} />
                {t('packages.invoices.download', { number: done.invoice_number })}
              </Group>
            </Anchor>
            <Button onClick={close}>{t('packages.modal.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const order = () =>
              book.mutate(
                { package: pkg.id, ...(pkg.kind === 'storage' ? { quantity } : {}) },
                { onSuccess: (b) => setDone(b) },
              );
            // The terms and the DPA are accepted first, once for the organisation (docs/API.md).
            if (missing.length) consent.mutate({ kinds: missing, lang }, { onSuccess: order });
            else order();
          }}
        >
          <Stack gap="md" data-testid="booking-modal">
            <Stack gap={2}>
              <Text size="xs" fw={600} tt="uppercase" c="arbor">
                {t(`packages.kinds.${pkg.kind}`)}
              </Text>
              <Text fw={700} size="lg" data-testid="booking-package">
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`packages.text.${pkg.kind}`, { size: pkg.trees ?? 0 })}
              </Text>
            </Stack>
            {pkg.kind === 'storage' && (
              <NumberInput
                label={t('packages.modal.quantity')}
                min={1}
                max={100}
                value={quantity}
                onChange={(v) => setQuantity(Math.max(1, Math.min(100, Number(v) || 1)))}
                w={160}
                data-testid="booking-quantity"
              />
            )}
            <Stack gap={6} p="md" style={{ background: 'var(--mantine-color-default-hover)', borderRadius: 8 }}>
              <Line
                label={quantity > 1 ? `${quantity} × ${money(pkg.price_cents)}` : t('packages.modal.yearly')}
                value={money(f.net)}
              />
              <Line label={t('packages.modal.vat', { rate: vatPercent })} value={money(f.vat)} />
              <Divider />
              <Line label={t('packages.modal.gross')} value={money(f.gross)} strong testId="booking-gross" />
            </Stack>
            {upgrade && (
              <Alert color="arbor" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
                {t('packages.modal.credit')}
              </Alert>
            )}
            {pkg.setup_hour_cents != null && (
              <Text size="xs" c="dimmed">
                {t('packages.setup', { price: money(pkg.setup_hour_cents) })}
              </Text>
            )}
            <Stack gap={2}>
              <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                {t('packages.modal.invoiceTo')}
              </Text>
              <Text size="sm">{address}</Text>
              <Text size="xs" c="dimmed">
                {t('packages.modal.payment', { type: t(`organisation.invoiceTypes.${o.invoice_type || 'billing'}`) })}
                {o.leitweg_id_invoice && ` · ${t('organisation.fields.leitweg_id_invoice')} ${o.leitweg_id_invoice}`}
              </Text>
            </Stack>
            {missing.length > 0 && (
              <Stack gap={8} data-testid="booking-consent">
                <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                  {t('packages.modal.consentTitle')}
                </Text>
                <ConsentChecks
                  kinds={missing}
                  ticked={accepted}
                  onTick={setAccepted}
                  testId={(k) => `booking-consent-${k}`}
                  label={(k) => (
                    <>
                      {t(`packages.modal.consent_${k}`, { org: o.name })}{' '}
                      <Anchor href={legalDocumentURL(CONSENT_DOCUMENT[k], lang)} download inherit>
                        {t('packages.modal.consentPdf')}
                      </Anchor>
                    </>
                  )}
                />
              </Stack>
            )}
            <ModalActions
              error={
                consent.error
                  ? consent.error.message
                  : book.error instanceof ApiError || book.error
                    ? book.error.message
                    : null
              }
              onCancel={close}
              disabled={consents.isPending || missing.some((k) => !accepted[k])}
              loading={book.isPending || consent.isPending}
              submit={t('packages.modal.confirm', { price: money(f.net) })}
              submitTestId="booking-confirm"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
