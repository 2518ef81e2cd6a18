import { useState } from 'react';
import type { FieldErrors } from './form';

/**
 * A form's values and field errors. `set` changes a field and clears its error; `offer` takes a value that was checked
 * as it arrived (a picked file): with the check's message the field keeps its value and shows the message.
 */
export function useFormValues<Values>(initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const offer = <K extends keyof Values>(field: K, value: Values[K], error: string | undefined) => {
    setValues((current) => ({ ...current, [field]: error ? current[field] : value }));
    setErrors((current) => ({ ...current, [field]: error }));
  };

  return { values, setValues, errors, setErrors, set, offer };
}
