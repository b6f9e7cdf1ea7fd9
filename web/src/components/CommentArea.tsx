import { Textarea, type TextareaProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/** A free text (a comment, a note): it grows from two lines to six, then scrolls. */
export function CommentArea(props: TextareaProps & Omit<ComponentPropsWithoutRef<'textarea'>, keyof TextareaProps>) {
  return <Textarea autosize minRows={2} maxRows={6} {...props} />;
}
