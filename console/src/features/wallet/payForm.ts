// The epay hand-over (spec §7 Wallet): the signed fields go to the answer's url as a hidden,
// self-submitting POST form, so the browser leaves for the payment page with them.
export function submitPayForm(url: string, fields: Record<string, unknown>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = typeof value === 'string' ? value : String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
