import { smtpTransportOptions } from './mail.service';

describe('smtpTransportOptions', () => {
  const base = { server: 'smtp.example.com', account: 'a@example.com', token: 't', sslEnabled: false };
  it('defaults to port 587 without implicit SSL', () => {
    expect(smtpTransportOptions({ ...base, port: 0 })).toMatchObject({ port: 587, secure: false });
  });
  it('forces SSL on 465', () => {
    expect(smtpTransportOptions({ ...base, port: 465 })).toMatchObject({ port: 465, secure: true });
  });
  it('uses SSL when the option says so on another port', () => {
    expect(smtpTransportOptions({ ...base, port: 2525, sslEnabled: true })).toMatchObject({ port: 2525, secure: true });
    expect(smtpTransportOptions({ ...base, port: 25 })).toMatchObject({ port: 25, secure: false, auth: { user: 'a@example.com', pass: 't' } });
  });
});
