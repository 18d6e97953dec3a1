/**
 * Test helper: strings that try to leave an XML text node or attribute value, each with its
 * expected escaping as text and as attribute.
 */
/** `[input, escaped as text, escaped as attribute]`. */
export const injectionCorpus: readonly (readonly [string, string, string])[] = [
  [
    '</svg><script>alert(1)</script>',
    '&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    '&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
  ],
  ['" onload="alert(1)', '" onload="alert(1)', '&quot; onload=&quot;alert(1)'],
  ["' onload='alert(1)", "' onload='alert(1)", '&#39; onload=&#39;alert(1)'],
  ['&lt;script&gt;', '&amp;lt;script&amp;gt;', '&amp;lt;script&amp;gt;'],
  ['&#60;&#x3C;&amp;', '&amp;#60;&amp;#x3C;&amp;amp;', '&amp;#60;&amp;#x3C;&amp;amp;'],
  [']]><x/>', ']]&gt;&lt;x/&gt;', ']]&gt;&lt;x/&gt;'],
  ['<![CDATA[<script>]]>', '&lt;![CDATA[&lt;script&gt;]]&gt;', '&lt;![CDATA[&lt;script&gt;]]&gt;'],
  [
    '<!ENTITY x SYSTEM "file:///etc/passwd">',
    '&lt;!ENTITY x SYSTEM "file:///etc/passwd"&gt;',
    '&lt;!ENTITY x SYSTEM &quot;file:///etc/passwd&quot;&gt;',
  ],
  ['a\u0000b\u0007c\u001bd', 'a\uFFFDb\uFFFDc\uFFFDd', 'a\uFFFDb\uFFFDc\uFFFDd'],
  ['tab\tline\nreturn\r', 'tab\tline\nreturn\r', 'tab&#9;line&#10;return&#13;'],
  ['lone \uD83D high', 'lone \uFFFD high', 'lone \uFFFD high'],
  ['lone \uDE00 low', 'lone \uFFFD low', 'lone \uFFFD low'],
  ['pair \uD83D\uDE00 ok', 'pair 😀 ok', 'pair 😀 ok'],
  ['\uFFFE\uFFFF', '\uFFFD\uFFFD', '\uFFFD\uFFFD'],
  ['javascript:alert(1)', 'javascript:alert(1)', 'javascript:alert(1)'],
  [
    '<?xml-stylesheet href="x.css"?>',
    '&lt;?xml-stylesheet href="x.css"?&gt;',
    '&lt;?xml-stylesheet href=&quot;x.css&quot;?&gt;',
  ],
]
