import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TitleAndBody } from './messaging/message-fields.tsx';

function Form() {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  return (
    <TitleAndBody
      id="n"
      title={title}
      onTitle={setTitle}
      body={{ label: 'Message *', value: body, maxLength: 2000, onChange: setBody }}
    />
  );
}

describe('a capped text field', () => {
  it('counts the characters and keeps a too-long paste, saying by how much, instead of cutting it', async () => {
    render(<Form />);
    const user = userEvent.setup();
    const title = screen.getByLabelText('Title *');
    await user.type(title, 'Hello');
    expect(screen.getByText('5 / 200 characters')).toBeInTheDocument();
    await user.click(title);
    await user.paste('x'.repeat(10_000));
    expect(title).toHaveValue(`Hello${'x'.repeat(10_000)}`);
    expect(screen.getByText('10,005 / 200 characters (9,805 too many)')).toBeInTheDocument();
    expect(screen.getByText('0 / 2,000 characters')).toBeInTheDocument();
  });
});
