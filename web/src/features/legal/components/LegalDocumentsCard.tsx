import { useState } from 'react';
import { Alert, Badge, Box, Button, Divider, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconDownload, IconFileTypePdf, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/api/documents/documents';
import {
  CONSENT_DOCUMENT,
  LEGAL_LANGUAGES,
  legalDocumentURL,
  legalLanguage,
  useConsents,
  useGiveConsent,
  useLegalDocuments,
  type Consent,
  type ConsentKind,
  type LegalDocument,
} from '@/api/legal/legal';
import { formatDateTime } from '@/lib/trees/format';
import { ConsentChecks } from '@/components/ConsentChecks';

const KINDS: ConsentKind[] = ['agb', 'avv'];

function Downloads({ docs }: { docs: LegalDocument[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={8}>
      {LEGAL_LANGUAGES.map((l) => {
        const d = docs.find((x) => x.asked === l);
        if (!d) return null;
        const name = t(`legalDocs.${d.kind}`);
        const size = formatBytes(d.size, i18n.language);
        return (
          <Button
            key={l}
            component="a"
            href={legalDocumentURL(d.kind, l)}
            download={d.name}
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            // The name begins with the button's visible text, as speech input users say it.
            aria-label={`${l.toUpperCase()}${d.lang !== l ? ` (${t('legalDocs.fallback')})` : ''}: ${t(
              'legalDocs.downloadLabel',
              { name, language: t(`legal.languages.${l}`), size },
            )}`}
            data-testid={`legal-download-${d.kind}-${l}`}
          >
            {l.toUpperCase()}
            {d.lang !== l && (
              <Text span size="xs" c="dimmed" ml={4}>
                ({t('legalDocs.fallback')})
              </Text>
            )}
          </Button>
        );
      })}
    </Group>
  );
}

function ConsentState({ consent, changed }: { consent: Consent | null | undefined; changed: boolean }) {
  const { t, i18n } = useTranslation();
  if (consent && !changed) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="consent-given">
        <IconCircleCheck size={16} color="var(--mantine-color-arbor-filled)" style={{ flex: 'none' }} />
        <Text size="sm">
          {t('legalDocs.accepted', { name: consent.user_name, date: formatDateTime(consent.at, i18n.language) })}
        </Text>
      </Group>
    );
  }
  // A consent to a document the operator has since replaced counts no more: the new text is to
  // be accepted before the next booking.
  return (
    <Group gap={6} wrap="nowrap" data-testid={consent ? 'consent-changed' : 'consent-missing'}>
      <IconClockHour4 size={16} color="var(--mantine-color-orange-filled)" style={{ flex: 'none' }} />
      <Text size="sm" c="dimmed">
        {consent
          ? t('legalDocs.changed', { name: consent.user_name, date: formatDateTime(consent.at, i18n.language) })
          : t('legalDocs.notAccepted')}
      </Text>
    </Group>
  );
}

/** The organisation's documents page: the terms and the data processing agreement as PDFs in every
 * language, who accepted them for the organisation and when, and for administrators the consent. */
export function LegalDocumentsCard({
  organisationId,
  organisationName,
  mayConsent,
}: {
  organisationId: string;
  organisationName: string;
  mayConsent: boolean;
}) {
  const { t, i18n } = useTranslation();
  const docs = useLegalDocuments();
  const consents = useConsents(organisationId);
  const give = useGiveConsent(organisationId);
  const [checked, setChecked] = useState<Partial<Record<string, boolean>>>({});
  const missing = consents.data?.missing ?? [];
  const ready = missing.length > 0 && missing.every((k) => checked[k]);
  const anySample = (docs.data ?? []).some((d) => d.sample);
  const same = (a: Consent | null | undefined, b: Consent) =>
    !!a && a.at === b.at && a.document_sha256 === b.document_sha256;
  const earlier = (consents.data?.history ?? []).filter((c) => !same(consents.data?.[c.kind], c));

  if (docs.isPending || consents.isPending) {
    return (
      <Stack gap="md">
        <Skeleton h={64} />
        <Skeleton h={64} />
      </Stack>
    );
  }
  if (docs.isError || consents.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('legalDocs.loadError')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" data-testid="legal-documents">
      {KINDS.map((k, i) => {
        const kind = CONSENT_DOCUMENT[k];
        const own = (docs.data ?? []).filter((d) => d.kind === kind);
        return (
          <Box key={k}>
            {i > 0 && <Divider mb="lg" />}
            <Group align="flex-start" gap="md" wrap="nowrap" data-testid={`legal-document-${kind}`}>
              <ThemeIcon variant="light" color="red" size={40} radius="md" style={{ flex: 'none' }}>
                <IconFileTypePdf size={22} />
              </ThemeIcon>
              <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{t(`legalDocs.${kind}`)}</Text>
                  {own.some((d) => d.sample) && (
                    <Badge color="red" variant="light" size="sm">
                      {t('legalDocs.sample')}
                    </Badge>
                  )}
                </Group>
                <ConsentState consent={consents.data?.[k]} changed={missing.includes(k)} />
                <Downloads docs={own} />
              </Stack>
            </Group>
          </Box>
        );
      })}
      {anySample && (
        <Text size="xs" c="dimmed">
          {t('legalDocs.sampleHint')}
        </Text>
      )}
      {missing.length > 0 &&
        (mayConsent ? (
          <Stack gap="sm" p="md" className="arbor-legal-consent" data-testid="consent-form">
            <Text fw={600} size="sm">
              {t('legalDocs.acceptTitle')}
            </Text>
            <ConsentChecks
              kinds={missing}
              ticked={checked}
              onTick={setChecked}
              label={(k) => t(`legalDocs.acceptLabel_${k}`, { org: organisationName })}
              testId={(k) => `consent-check-${k}`}
            />
            <Group justify="space-between" align="center">
              {give.error ? (
                <Text size="sm" c="red">
                  {give.error.message}
                </Text>
              ) : (
                <span />
              )}
              <Button
                disabled={!ready}
                loading={give.isPending}
                onClick={() => give.mutate({ kinds: missing, lang: legalLanguage(i18n.language) })}
                data-testid="consent-accept"
              >
                {t('legalDocs.accept')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('legalDocs.adminsOnly')}
          </Text>
        ))}
      {earlier.length > 0 && (
        <Stack gap={4}>
          <Text size="xs" fw={600} tt="uppercase" c="dimmed">
            {t('legalDocs.history')}
          </Text>
          {earlier.map((c) => (
            <Text key={`${c.kind}-${c.at}-${c.document_sha256}`} size="xs" c="dimmed">
              {t('legalDocs.historyLine', {
                document: t(`legalDocs.${CONSENT_DOCUMENT[c.kind]}`),
                name: c.user_name,
                date: formatDateTime(c.at, i18n.language),
                language: c.lang.toUpperCase(),
              })}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
