import type { SettingsForm } from '../../lib/form';
import type { FormErrors } from '../../lib/validate';

/** What every settings field group takes. */
export interface SettingsFieldsProps {
  form: SettingsForm;
  set: (patch: Partial<SettingsForm>) => void;
  errors: FormErrors;
  /** The stream has started: latency and player colour are fixed. */
  locked?: boolean;
  /** The stream has ended: what only acts on air (type, transcode and automation switches) is fixed. */
  ended?: boolean;
}
