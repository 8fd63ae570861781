import { fieldIds } from '@esim/ui/field-ids';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainField, type PlainFieldProps } from './field';

const render = (props: { error?: string; description?: string; required?: boolean }) =>
  renderToStaticMarkup(
    createElement(
      PlainField,
      // children come as createElement's third argument, which the props type cannot know.
      { inputId: 'f1', label: 'E-mail', ...props } as PlainFieldProps,
      createElement('input', { id: 'f1', 'aria-describedby': fieldIds('f1', props).describedBy }),
    ),
  );

describe('PlainField', () => {
  it('labels its control and marks a required field without adding the mark to the accessible name', () => {
    const html = render({ required: true });
    expect(html).toContain(
      '<label class="field__label" for="f1">E-mail<span class="required-mark" aria-hidden="true"> *</span></label>',
    );
    expect(render({})).not.toContain('required-mark');
  });

  it('ties the description and the error to the control, error first', () => {
    const html = render({ description: 'We send the QR code here.', error: 'E-mail is required' });
    expect(html).toContain('<p id="f1-description" class="field__description">We send the QR code here.</p>');
    expect(html).toContain('<p id="f1-error" class="field__error">E-mail is required</p>');
    expect(html).toContain('aria-describedby="f1-error f1-description"');
    // In the kit's order: label, description, control, error.
    expect(html.indexOf('field__description')).toBeLessThan(html.indexOf('<input'));
    expect(html.indexOf('<input')).toBeLessThan(html.indexOf('field__error'));
  });

  it('describes a control by nothing when there is neither description nor error', () => {
    expect(fieldIds('f1', {}).describedBy).toBeUndefined();
    expect(render({})).not.toContain('aria-describedby');
  });
});
