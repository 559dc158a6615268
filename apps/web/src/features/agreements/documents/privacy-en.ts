import type { AgreementDoc } from '../agreement-doc.ts';

export const doc: AgreementDoc = {
  title: 'HMI Cloud Privacy Policy',
  updated: 'Last updated: 1 July 2025',
  intro:
    'This policy explains what HMI Cloud collects when you use the web console, the cloud service and the devices (HMI screens and gateways) you connect to it, why we collect it, where it is stored and how long we keep it.',
  sections: [
    {
      heading: '1. Data we collect',
      paragraphs: [
        'Account data: your email address or mobile number, the name and team name you enter, your password (stored only as a salted hash), your chosen data center and interface language.',
        'Team data: sub-accounts you invite, their roles, permissions and security zones.',
        'Usage data: sign-in times, IP addresses and the requests your browser sends, kept in security logs.',
      ],
    },
    {
      heading: '2. Device data',
      paragraphs: [
        'Devices you bind send their serial number, model, firmware version, IP address, online state, tag values, alarms and, when you open a remote session, the traffic of that session.',
        'Device data belongs to your team. We process it only to show it to you, to raise the alarms you configure and to keep the history you ask for.',
      ],
    },
    {
      heading: '3. Purposes',
      paragraphs: [
        'We use the data to run your account and team, show live and historical device data, deliver alarm and system messages, bill Cloud Application and Remote Access cards, keep the service secure and answer your support requests. We do not sell personal data and do not use it for advertising.',
      ],
    },
    {
      heading: '4. Regions and data centers',
      paragraphs: [
        'You choose a data center (China, India or Europe) at registration, and you can add others later. Your account and device data are stored in the data centers you chose; only the minimum needed to route your sign-in (your login name and region) is kept in the global directory.',
      ],
    },
    {
      heading: '5. Retention',
      paragraphs: [
        'Account data is kept while the account exists. History data is kept for the retention period of your plan. When you close the account, your devices are unbound and your account, templates, projects, history and messages are deleted within 30 days; billing records are kept as long as tax law requires.',
      ],
    },
    {
      heading: '6. Cookies and browser storage',
      paragraphs: [
        'The console uses strictly necessary storage only: your sign-in tokens, the regional server address, your language and theme. There are no advertising or analytics cookies.',
      ],
    },
    {
      heading: '7. Your rights and contact',
      paragraphs: [
        'You can see and correct your account data in the personal centre and close your account there at any time. For access, export or deletion requests, or any question about this policy, write to privacy@hmicloud.example.',
      ],
    },
  ],
};
