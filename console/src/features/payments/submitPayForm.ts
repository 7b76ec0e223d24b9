// The epay hand-over (spec operations §7 Wallet): the signed fields are POSTed to the gateway's
// submit address as a hidden form, so the browser lands on the merchant's payment page. The
// gateway sends it back to the wallet afterwards.
export function submitPayForm(url: string, fields: Record<string, string | number>): void {
  if (!/^https?:\/\//i.test(url)) throw new Error('bad payment address');
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
