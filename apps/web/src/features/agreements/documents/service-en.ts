import type { AgreementDoc } from '../agreement-doc.ts';

export const doc: AgreementDoc = {
  title: 'HMI Cloud Service Agreement',
  updated: 'Last updated: 1 July 2025',
  intro:
    'This agreement is between you (or the company you represent) and the operator of HMI Cloud. By creating an account you accept it.',
  sections: [
    {
      heading: '1. The service',
      paragraphs: [
        'HMI Cloud lets you connect HMI screens and gateways, monitor their data, receive alarms, manage templates and projects, and reach devices remotely. Features that need billing cards (Cloud Application quotas, Remote Access traffic) are described on the billing pages of your region.',
      ],
    },
    {
      heading: '2. Accounts and teams',
      paragraphs: [
        'The account that registers is the main account of a team and is responsible for its sub-accounts, their roles and the devices bound to the team. Keep your password secret and tell us at once if you suspect misuse.',
      ],
    },
    {
      heading: '3. Acceptable use',
      paragraphs: [
        'Do not bind devices you are not entitled to operate, attempt to access other teams’ data, disturb the service or use remote access to control machinery without the safety measures required on site. Remote operation never replaces local safety functions.',
      ],
    },
    {
      heading: '4. Billing cards',
      paragraphs: [
        'Cards are valid for one year after activation. Allocated TAGs and traffic stay with the device they were allocated to. Remote Access traffic switched on for a month cannot be switched off in that month.',
      ],
    },
    {
      heading: '5. Availability and liability',
      paragraphs: [
        'We aim for continuous availability but maintenance and network conditions can interrupt the service. To the extent the law allows, we are not liable for production losses caused by interruptions, and our total liability is limited to the fees you paid in the twelve months before the claim.',
      ],
    },
    {
      heading: '6. Ending the agreement',
      paragraphs: [
        'You can close your account at any time in the personal centre. We may suspend accounts that break this agreement after notice. Data is handled on closure as described in the Privacy Policy.',
      ],
    },
    {
      heading: '7. Contact',
      paragraphs: ['Questions about this agreement: support@hmicloud.example.'],
    },
  ],
};
