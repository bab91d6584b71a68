/**
 * Modals, as Discord takes them: the interaction callback of type 9 is checked against the shape
 * Discord publishes (discord/discord-api-spec, specs/openapi.json: ModalInteractionCallbackRequest
 * and its data, ModalInteractionCallbackRequestData: custom_id 1-100, title 1-45, 1-40
 * components, each an action row of 1-5 text inputs, a Label of one component (label 1-45,
 * description 1-100) or a text display (content 1-4,000); a text input: custom_id 1-100, style 1
 * or 2, label 1-45, value and min/max_length up to 4,000, placeholder up to 100), plus what
 * Discord's documentation adds (an action row's text input needs its label, a Label's must not
 * have one, custom ids are unique, min_length is at most max_length, a modal cannot answer a
 * modal's submit). A bad one is refused like every form Discord refuses: 400 Invalid Form Body
 * (50035) naming each field. Text inputs and file uploads (19: custom_id 1-100, min_values 0-10,
 * max_values 1-10, required) are modelled in Labels (the spec also allows selects and
 * checkboxes): any other is refused with a note saying so.
 *
 * An accepted modal is kept on its interaction (`interaction.modal`), for the member to submit
 * (modalSubmit.ts).
 */
import type { LocalInteraction, LocalModal, LocalModalField } from './model.js';

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class Problems {
  readonly errors: Json = {};
  count = 0;

  add(path: Path, code: string, message: string): void {
    let node = this.errors;
    for (const key of path) {
      node[String(key)] ??= {};
      node = node[String(key)] as Json;
    }
    node._errors ??= [];
    (node._errors as unknown[]).push({ code, message });
    this.count += 1;
  }

  /** A string of `min`-`max` characters; `optional`: also absent or null. */
  text(path: Path, value: unknown, min: number, max: number, optional = false): void {
    if (value === undefined || value === null) {
      if (!optional) this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    } else if (typeof value !== 'string') {
      this.add(path, 'BASE_TYPE_STRING', 'Must be a string.');
    } else if (value.length < min || value.length > max) {
      this.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
    }
  }

  /** A whole number from `min` to `max`, absent or null allowed. */
  integer(path: Path, value: unknown, min: number, max: number): void {
    if (value === undefined || value === null) return;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.add(path, 'NUMBER_TYPE_COERCE', `Value "${String(value)}" is not int.`);
    } else if (value < min || value > max) {
      this.add(path, 'NUMBER_TYPE_OUT_OF_RANGE', `Must be between ${min} and ${max}.`);
    }
  }

  /** An array of `min`-`max` items; returns its items (none when it is not one). */
  list(path: Path, value: unknown, min: number, max: number): unknown[] {
    if (!Array.isArray(value)) {
      this.add(path, value === undefined ? 'BASE_TYPE_REQUIRED' : 'BASE_TYPE_ARRAY', 'Must be an array.');
      return [];
    }
    if (value.length < min || value.length > max) {
      this.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
    }
    return value;
  }
}

/** Checks a file upload in a Label (FileUploadComponentForModalRequest); returns how many files it takes. */
function fileUpload(problems: Problems, path: Path, input: Json): LocalModal['uploads'][number] {
  problems.integer([...path, 'id'], input.id, 0, 2 ** 31 - 1);
  problems.text([...path, 'custom_id'], input.custom_id, 1, 100);
  problems.integer([...path, 'min_values'], input.min_values, 0, 10);
  problems.integer([...path, 'max_values'], input.max_values, 1, 10);
  if (input.required !== undefined && input.required !== null && typeof input.required !== 'boolean') {
    problems.add([...path, 'required'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }
  const min = typeof input.min_values === 'number' ? input.min_values : input.required === false ? 0 : 1;
  const max = typeof input.max_values === 'number' ? input.max_values : 1;
  if (min > max) problems.add([...path, 'min_values'], 'BASE_TYPE_BAD_LENGTH', 'Must be at most max_values.');
  return { customId: String(input.custom_id), min, max };
}

/** Checks a text input; returns what the page shows of it when it is one. */
function textInput(problems: Problems, path: Path, input: unknown, label: Json | undefined) {
  if (!isObject(input) || input.type !== 4) {
    const note = 'the local Discord models only text inputs (4) and, in Labels, file uploads (19) here';
    return void problems.add([...path, 'type'], 'UNION_TYPE_CHOICES', `Value must be 4 (${note}).`);
  }
  problems.integer([...path, 'id'], input.id, 0, 2 ** 31 - 1);
  problems.text([...path, 'custom_id'], input.custom_id, 1, 100);
  if (input.style !== 1 && input.style !== 2) {
    problems.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.');
  }
  if (label && input.label !== undefined && input.label !== null) {
    problems.add(
      [...path, 'label'],
      'COMPONENT_LABEL_NOT_ALLOWED',
      'A text input in a Label takes its label from the Label.',
    );
  } else if (!label) problems.text([...path, 'label'], input.label, 1, 45);
  problems.text([...path, 'value'], input.value, 0, 4000, true);
  problems.text([...path, 'placeholder'], input.placeholder, 0, 100, true);
  if (input.required !== undefined && input.required !== null && typeof input.required !== 'boolean') {
    problems.add([...path, 'required'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }
  problems.integer([...path, 'min_length'], input.min_length, 0, 4000);
  problems.integer([...path, 'max_length'], input.max_length, 1, 4000);
  const [min, max] = [input.min_length, input.max_length];
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    problems.add([...path, 'min_length'], 'BASE_TYPE_BAD_LENGTH', 'Must be at most max_length.');
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const field: LocalModalField = {
    customId: String(input.custom_id),
    label: String((label ?? input).label ?? ''),
    description: text(label?.description),
    style: Number(input.style),
    required: input.required !== false,
    minLength: typeof min === 'number' ? min : undefined,
    maxLength: typeof max === 'number' ? max : undefined,
    placeholder: text(input.placeholder),
    value: text(input.value),
  };
  return field;
}

/**
 * Why Discord would refuse `data` as a modal answering `interaction` (its 400 body), or
 * undefined after keeping the modal on the interaction.
 */
export function openModal(interaction: LocalInteraction, data: unknown): Json | undefined {
  const problems = new Problems();
  if (interaction.type === 5) {
    problems.add(['type'], 'INTERACTION_CALLBACK_TYPE_INVALID', 'A modal cannot answer a modal submit.');
  }
  if (!isObject(data)) problems.add(['data'], 'BASE_TYPE_REQUIRED', 'This field is required');
  const modal = isObject(data) ? data : undefined;
  if (!modal) return { message: 'Invalid Form Body', code: 50035, errors: problems.errors };
  problems.text(['data', 'custom_id'], modal.custom_id, 1, 100);
  problems.text(['data', 'title'], modal.title, 1, 45);
  const fields: LocalModalField[] = [];
  const uploads: LocalModal['uploads'][number][] = [];
  const components = problems.list(['data', 'components'], modal.components, 1, 40);
  for (const [index, component] of components.entries()) {
    const path = ['data', 'components', index];
    const type = isObject(component) ? component.type : undefined;
    if (!isObject(component) || ![1, 18, 10].includes(type as number)) {
      problems.add([...path, 'type'], 'UNION_TYPE_CHOICES', 'Value must be one of (1, 18, 10).');
      continue;
    }
    problems.integer([...path, 'id'], component.id, 0, 2 ** 31 - 1);
    if (type === 10) problems.text([...path, 'content'], component.content, 1, 4000);
    if (type === 18) {
      problems.text([...path, 'label'], component.label, 1, 45);
      problems.text([...path, 'description'], component.description, 1, 100, true);
      const inner = component.component;
      if (isObject(inner) && inner.type === 19)
        uploads.push(fileUpload(problems, [...path, 'component'], inner));
      else {
        const field = textInput(problems, [...path, 'component'], inner, component);
        if (field) fields.push(field);
      }
    }
    if (type === 1) {
      const inputs = problems.list([...path, 'components'], component.components, 1, 5);
      for (const [at, input] of inputs.entries()) {
        const field = textInput(problems, [...path, 'components', at], input, undefined);
        if (field) fields.push(field);
      }
    }
  }
  const ids = [...fields, ...uploads].map((field) => field.customId);
  if (new Set(ids).size !== ids.length) {
    problems.add(
      ['data', 'components'],
      'COMPONENT_CUSTOM_ID_DUPLICATED',
      'Component custom id cannot be duplicated',
    );
  }
  if (problems.count > 0) return { message: 'Invalid Form Body', code: 50035, errors: problems.errors };
  interaction.modal = {
    customId: modal.custom_id as string,
    title: modal.title as string,
    components: components as Json[],
    fields,
    uploads,
    submits: [],
  };
  return undefined;
}
