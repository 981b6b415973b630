// Inputs built to make a careless regex backtrack: long runs of the characters each detector
// anchors on, with the closing part that would complete a match left out.

/** Named adversarial texts of roughly `size` characters. */
export function adversarialInputs(size: number): Array<[string, string]> {
  const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  return [
    ['a= repeated', fill('a=')],
    ['password= repeated', fill('password=')],
    ['key: " unterminated', fill('key: "')],
    ['BEGIN without END', fill('-----BEGIN RSA PRIVATE KEY-----\n')],
    ['BEGIN then endless base64', `-----BEGIN PRIVATE KEY-----\n${fill('QUJD')}`],
    ['END without BEGIN after base64', `${fill('QUJDREVG\n')}-----END PRIVATE KEY-----`],
    ['one long word', fill('a')],
    ['local parts without domain', fill('a.b@')],
    ['dotted domains without tld', fill('a@b.c1.')],
    ['digits and spaces', fill('1 ')],
    ['digits and dashes', fill('4-')],
    ['long digit run', fill('4111')],
    ['plus digits', fill('+1 2')],
    ['colons and hex', fill('ab:')],
    ['dotted numbers', fill('1.2.')],
    ['scheme without host', fill('a://b:c')],
    ['jwt prefix without dots', fill('eyJ')],
    ['base64 line', fill('Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe+/')],
    ['uppercase ids', fill('AB12 ')],
    ['Authorization Basic repeated', fill('Authorization: Basic ')],
    ['quotes and backslashes', fill('token="\\')],
    ['xml-ish', fill('<password>')],
    ['token prefixes without bodies', fill('ghp_ sk- xoxb- AKIA hf_ glpat- ')],
    ['token prefix with endless body', `ghp_${fill('a')}`],
    ['base64-wrapped jwt prefix', fill('ZXlK')],
    ['hex pairs with colons', fill('a1:')],
    ['hex pairs with dashes', fill('a1-')],
    ['base58 run', fill('13')],
    ['0x prefixes', fill('0x1')],
    ['upper-case and digits', fill('AB12 CD34 ')],
    ['telegram anchor', fill('1:AA')],
    ['azure secret anchor', fill('abc8Q~')],
    ['mailchimp anchor', fill('abcdef-us')],
    ['reversed comparisons', fill('"a" == password ')],
    ['mid-line key=value', fill('x token=')],
    ['yaml block scalars', fill('token: |\n')],
    ['curl flags', `curl ${fill('-u a:')}`],
    ['kubernetes secret, endless data map', `kind: Secret\ndata:\n${fill('  k: v\n')}`],
    ['kubernetes secret, JSON data entries', `{"kind": "Secret", "data": {${fill('"k": "v", ')}`],
    ['kubernetes secret, documents without end', fill('kind: Secret\ndata:\n---\n')],
  ];
}
