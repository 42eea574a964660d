/**
 * The terms of service's twelve sections (000 §2): plans and prices (000 §1, D12, D13), the
 * non-refundable payments, liability capped at the amounts paid in the prior 12 months,
 * termination at any time, and no accounts for children under 13.
 */
import { Link } from 'wouter';
import type { LegalSection } from './legal-page';
import { SupportEmailLink } from './support-email-link';

export const TERMS_OF_SERVICE_TITLE = 'Terms of Service';

export const termsOfServiceSummary = (
  <p>
    These terms are the agreement between you and Garage Ledger when you use the Service: what we
    provide, what we ask of you, how the free and Premium plans work, and what happens if either of
    us wants to end things.
  </p>
);

export const termsOfServiceSections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    content: (
      <>
        <p>
          These Terms of Service (“Terms”) govern your access to and use of Garage Ledger, its
          website and web application (the “Service”), operated by Garage Ledger (“we”, “us”). By
          creating an account, signing in or otherwise using the Service, you agree to these Terms
          and to our <Link href="/privacy-policy">Privacy Policy</Link>. If you do not agree, do not
          use the Service.
        </p>
        <p>
          You must be at least 13 years old to use the Service; children under 13 may not create an
          account. If you are under the age of majority where you live, you may use the Service only
          with the consent of a parent or guardian who agrees to these Terms on your behalf. If you
          use the Service for an organization, you confirm that you may bind it to these Terms.
        </p>
      </>
    ),
  },
  {
    id: 'service-description',
    title: 'Description of the Service',
    content: (
      <>
        <p>
          Garage Ledger lets you digitize the records of your vehicles: add vehicles and their
          photos; log maintenance (scheduled or done), repairs and modifications with their costs,
          dates, categories, technicians, locations and notes; attach documents and photos; see
          reminders for upcoming maintenance; and review your expenses per vehicle and overall.
        </p>
        <p>
          The Service is an organizational tool. Reminders, totals and analytics are based only on
          the information you enter and are not mechanical, legal, tax or financial advice. You
          remain responsible for maintaining your vehicles, keeping them roadworthy and meeting any
          inspection, registration or insurance obligations.
        </p>
        <p>
          We continually improve the Service and may add, change or remove features. If we remove a
          feature you pay for, we will tell you in advance.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'User Accounts',
    content: (
      <>
        <p>
          To use the garage you need an account. You can register with your name, e-mail address and
          a password, or sign in with an external OpenID Connect provider; in that case the
          provider’s own terms also apply to your account with them.
        </p>
        <ul>
          <li>Give accurate information and keep your e-mail address up to date.</li>
          <li>
            Keep your password confidential and do not share your account. You are responsible for
            everything done through it.
          </li>
          <li>
            Tell us promptly at <SupportEmailLink /> if you suspect someone else has used your
            account.
          </li>
          <li>One person per account; accounts may not be sold or transferred.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'subscription-and-payments',
    title: 'Subscription and Payments',
    content: (
      <>
        <ul>
          <li>
            <strong>Free plan:</strong> 1 vehicle and 1 record (maintenance, repairs and
            modifications counted together), at no cost.
          </li>
          <li>
            <strong>Premium plan:</strong> $9.99 per month (US dollars), with unlimited vehicles and
            records, priority support and advanced analytics.
          </li>
        </ul>
        <p>
          Payments are processed by Stripe on a secure payment page that opens in a new tab; we
          never see or store your card details. Premium is billed monthly in advance and renews
          automatically each month until it is cancelled. You can cancel at any time by writing to{' '}
          <SupportEmailLink />; cancellation takes effect at the end of the month you have already
          paid for. Prices do not include taxes, which are added where the law requires.
        </p>
        <p>
          <strong>
            Payments are non-refundable unless the law requires otherwise, including for partial
            months and unused features.
          </strong>
        </p>
        <p>
          When Premium ends, your account returns to the free plan. Nothing you stored is deleted,
          but you cannot add vehicles or records beyond the free plan’s limits until you upgrade
          again. We may change the Premium price; a new price applies only from your next billing
          period after we have given you at least 30 days’ notice.
        </p>
      </>
    ),
  },
  {
    id: 'user-content',
    title: 'User Content',
    content: (
      <>
        <p>
          You own the information, documents and photos you add to the Service (“User Content”). You
          give us a limited, worldwide, royalty-free license to store, copy, process and display
          your User Content only as needed to provide the Service to you, for as long as it is
          stored with us. We do not publish your User Content or use it for advertising.
        </p>
        <p>You are responsible for your User Content, and you agree not to upload anything that:</p>
        <ul>
          <li>you do not have the right to store or share;</li>
          <li>is unlawful, infringes someone else’s rights, or contains malware;</li>
          <li>contains other people’s personal information without their permission.</li>
        </ul>
        <p>
          Files must be PDF documents or JPEG, PNG or WebP images within the size limits shown in
          the Service (10 MB per file, 5 MB for record photos). We do not monitor User Content, but
          we may remove content that breaks these Terms. Keep your own copies of important
          originals; the Export Data button in Account Settings lets you download your data at any
          time.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    content: (
      <>
        <p>
          The Service, including its software, design, text, graphics, the Garage Ledger name and
          logo, belongs to us or our licensors and is protected by intellectual property laws. Apart
          from your User Content, these Terms give you no ownership of it.
        </p>
        <p>
          We grant you a personal, non-exclusive, non-transferable and revocable license to use the
          Service for its intended purpose while you follow these Terms. You may not copy, resell or
          rent the Service, reverse engineer it except where the law allows, access it with
          automated tools that put an unreasonable load on it, or try to bypass its security or plan
          limits.
        </p>
        <p>
          If you send us suggestions or feedback, we may use them freely and without any obligation
          to you.
        </p>
      </>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    content: (
      <>
        <p>
          To the fullest extent permitted by law, Garage Ledger will not be liable for any indirect,
          incidental, special, consequential or punitive damages, or for any loss of profits,
          revenue, data or goodwill, arising from or related to your use of, or inability to use,
          the Service, including missed maintenance, vehicle damage or costs that a reminder or
          calculation did not anticipate.
        </p>
        <p>
          <strong>
            Our total liability for all claims relating to the Service is limited to the amounts you
            paid us for the Service in the prior 12 months before the event giving rise to the
            claim.
          </strong>
        </p>
        <p>
          Some jurisdictions do not allow certain limitations of liability; in those, our liability
          is limited to the smallest extent the law permits. Nothing in these Terms limits liability
          that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer of Warranties',
    content: (
      <>
        <p>
          The Service is provided “as is” and “as available”. To the fullest extent permitted by
          law, we disclaim all warranties, express or implied, including merchantability, fitness
          for a particular purpose, title and non-infringement.
        </p>
        <p>
          We do not warrant that the Service will be uninterrupted, error-free or secure at all
          times, that reminders will be delivered or shown at any particular time, or that totals,
          analytics and other results are accurate or complete, since they depend on the information
          you enter. You use the Service at your own risk and should keep your own copies of
          important records.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    content: (
      <>
        <p>
          You may stop using the Service and delete your account at any time from Account Settings.
          Deleting your account permanently removes your data, so export it first if you want to
          keep a copy.
        </p>
        <p>
          We may suspend or terminate your account or access to the Service at any time, with or
          without notice, if you break these Terms, if the law requires it, or to protect the
          Service, other users or us. Where reasonable we will tell you why and give you a chance to
          export your data.
        </p>
        <p>
          When your account ends, your right to use the Service ends with it. Sections that by their
          nature should survive, such as payments owed, intellectual property, limitation of
          liability, the disclaimer and governing law, survive termination.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    content: (
      <>
        <p>
          We may update these Terms from time to time. When we do, we change the “Last updated” date
          at the top of this page, and for material changes we tell you in the Service or by e-mail
          at least 30 days before they take effect.
        </p>
        <p>
          If you keep using the Service after the changes take effect, you accept the updated Terms.
          If you do not agree, stop using the Service and delete your account.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    content: (
      <>
        <p>
          These Terms are governed by the laws of the place where the operator of Garage Ledger is
          established, without regard to its conflict-of-law rules, and disputes will be heard by
          the courts of that place. If you are a consumer, you also keep the protection of the
          mandatory laws of the country where you live and may bring proceedings in its courts.
        </p>
        <p>
          Before starting formal proceedings, please contact us so that we can try to resolve the
          matter informally. If any part of these Terms is found unenforceable, the rest remains in
          effect. Our not enforcing a provision is not a waiver of it.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Information',
    content: (
      <>
        <p>
          Questions about these Terms, your plan or a payment? Write to us at <SupportEmailLink />.
          Premium subscribers’ messages are answered first.
        </p>
      </>
    ),
  },
];
