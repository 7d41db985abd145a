import { CheckboxField, InputField, SelectField } from '../../components/fields.js';
import { pickerColor, settingValue, type SettingsField } from '../../forms/settings-fields.js';

/** The controls of a version's settings, generated from its `settingsSchema`; values live in the parent. */
export function SettingsForm({ fields, values, errors, onChange }: {
  fields: SettingsField[];
  values: Record<string, unknown>;
  errors: Readonly<Record<string, string>>;
  onChange: (key: string, value: unknown) => void;
}) {
  return (
    <div className="field-grid settings-grid">
      {fields.map((field) => {
        const value = values[field.key];
        const error = errors[`settingsValues.${field.key}`] ?? errors[field.key];
        const common = { label: field.label, error, hint: field.description };
        switch (field.kind) {
          case 'select':
            return (
              <SelectField
                key={field.key}
                {...common}
                value={value === undefined ? '' : String(value)}
                options={(field.options ?? []).map((option) => ({ value: option, label: option === '' ? '(none)' : option }))}
                onChange={(raw) => onChange(field.key, settingValue(field, raw))}
              />
            );
          case 'color':
            return (
              <InputField
                key={field.key}
                {...common}
                type="color"
                value={pickerColor(value)}
                onChange={(raw) => onChange(field.key, raw.toUpperCase())}
                hint={`${pickerColor(value).toUpperCase()}${field.description ? ` · ${field.description}` : ''}`}
              />
            );
          case 'number':
            return (
              <InputField key={field.key} {...common} type="number" step="any" min={field.min} max={field.max} value={value === undefined ? '' : String(value)} onChange={(raw) => onChange(field.key, settingValue(field, raw))} />
            );
          case 'checkbox':
            return <CheckboxField key={field.key} {...common} checked={value === true} onChange={(checked) => onChange(field.key, checked)} />;
          default:
            return (
              <InputField key={field.key} {...common} value={value === undefined ? '' : String(value)} maxLength={field.maxLength} required={field.required} onChange={(raw) => onChange(field.key, raw)} />
            );
        }
      })}
    </div>
  );
}
