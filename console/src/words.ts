/** The service's refusals in the words of the console's forms (kept apart from React, so plain tests load it). */

/** `firstName`, `windows[0].end`, `input.email` as a person reads them: `First name`, `Window 1 end`, `Email`. */
export function fieldInWords(path: string): string {
  const words = path
    .replace(/^input\./, '')
    .split('.')
    .map((part) => {
      const [, name = part, index] = /^(\w+?)(?:\[(\d+)\])?$/.exec(part) ?? [];
      const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
      return index === undefined ? spaced : `${spaced.replace(/s$/, '')} ${Number(index) + 1}`;
    })
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The service names the input it refuses by its path (`firstName: must not be empty`); the console says it in words. */
export function messageInWords(message: string): string {
  const match = /^((?:\w+(?:\[\d+\])?)(?:\.\w+(?:\[\d+\])?)*): (.+)$/.exec(message);
  if (!match) return message;
  const [, path = '', rest = ''] = match;
  return `${fieldInWords(path)} ${rest}`;
}

/** A refusal of one input in the words of the form's own label: `datetime: must be …` under `Start` is `Start must be …`. */
export function messageAs(message: string, label: string): string {
  const match = /^(?:\w+(?:\[\d+\])?)(?:\.\w+(?:\[\d+\])?)*: (.+)$/.exec(message);
  return `${label} ${match?.[1] ?? message}`;
}
