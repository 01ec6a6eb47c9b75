import { useEffect } from 'react';
import type { FormInstance } from 'antd';
import { fieldsNamedIn } from './named-in';

/**
 * Puts the server's refusal under the form fields it names. Rendered as the form's last child: its effect runs after
 * the fields above it have registered with the form (earlier siblings mount first), so the errors are not lost.
 */
export function ServerFieldErrors<F extends string>({ form, problem, fields }: { form: FormInstance; problem: string | null; fields: Readonly<Record<string, F>> }) {
  useEffect(() => {
    if (!problem) return;
    form.setFields(fieldsNamedIn(problem, fields).map((name) => ({ name, errors: [problem] })));
  }, [form, problem, fields]);
  return null;
}
