import { useRef } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Project } from '@/api/projects/types';
import type { ProjectSettings } from '@/api/projects/settings';
import type { ContentLists, Tree } from '@/api/trees/types';
import type { TreePermissions } from '@/lib/trees/tree';
import { JobManager } from '@/components/slots';
import { DuplicateNumberModal } from './DuplicateNumberModal';
import { StockSection } from './StockSection';
import { Section } from './Section';
import { useTreeEdit } from './general/useTreeEdit';
import { EditNotices } from './general/EditNotices';
import { IdentificationSection } from './general/IdentificationSection';
import { ConditionSection, GroupSection, SizesSection } from './general/MeasureSections';
import { CustomFieldSections } from './general/CustomFieldSections';
import { RecordSection } from './general/RecordSection';
import { SaveBar } from './general/SaveBar';
import type { FieldsProps } from './general/fields';

export interface GeneralTabProps {
  projectId: string;
  project: Project | undefined;
  settings: ProjectSettings | undefined;
  lists: ContentLists | undefined;
  tree: Tree;
  perms: TreePermissions;
  onChanged?: () => void;
  onDeleted?: () => void;
}

/** General: every field of the tree or group, edited with its version. */
export function GeneralTab({
  projectId,
  project,
  settings,
  lists,
  tree,
  perms,
  onChanged,
  onDeleted,
}: GeneralTabProps) {
  const { t } = useTranslation();
  const edit = useTreeEdit(projectId, tree, onChanged);
  const { form } = edit;
  const editable = perms.edit;
  const numberRef = useRef<HTMLInputElement>(null);
  const fields: FieldsProps = { form, editable, required: new Set(settings?.required_fields ?? []) };
  const group = !tree.single_tree;

  return (
    <form onSubmit={form.onSubmit(edit.save)} noValidate data-testid="tree-general" data-editable={editable}>
      <Stack gap="lg" pb={form.isDirty() ? 72 : 'md'}>
        <EditNotices edit={edit} />
        <IdentificationSection
          tree={tree}
          lists={lists}
          showNumberText={!!project?.show_number_text}
          numberRef={numberRef}
          {...fields}
        />
        {group && <GroupSection tree={tree} {...fields} />}
        <SizesSection {...fields} />
        <ConditionSection lists={lists} group={group} {...fields} />
        <CustomFieldSections settings={settings} {...fields} />
        <StockSection projectId={projectId} tree={tree} perms={perms} onChanged={onChanged} onDeleted={onDeleted} />
        <Section title={t('trees.general.jobs')}>
          <JobManager projectId={projectId} treeId={tree.id} />
        </Section>
        <RecordSection tree={tree} />
      </Stack>

      {editable && form.isDirty() && (
        <SaveBar
          saving={edit.saving}
          onDiscard={() => {
            edit.load(tree);
            edit.setMessage(null);
          }}
        />
      )}

      <DuplicateNumberModal
        taken={edit.duplicate?.taken ?? null}
        next={edit.duplicate?.next ?? 0}
        onTake={(next) => {
          edit.setDuplicate(null);
          form.setFieldValue('number', next);
          edit.save({ ...form.getValues(), number: next });
        }}
        onCancel={() => {
          edit.setDuplicate(null);
          setTimeout(() => numberRef.current?.focus(), 50);
        }}
      />
    </form>
  );
}
