/**
 * The privacy policy's ten sections (000 §2): what Garage Ledger stores, why, who else sees it,
 * how it is protected, and what the owner of the data can do. Facts follow the decisions they
 * describe: sessions (D5), passwords (D6), sign-in limits (D8), OpenID Connect (D10), Stripe
 * (D13), files in the database (D14, D15), export (D21) and deletion (D22).
 */
import { Link } from 'wouter';
import type { LegalSection } from './legal-page';
import { SupportEmailLink } from './support-email-link';

export const PRIVACY_POLICY_TITLE = 'Privacy Policy';

export const privacyPolicySummary = (
  <p>
    Your vehicle records are yours. This policy explains, in plain language, what Garage Ledger
    stores about you and your vehicles, why we store it, who helps us run the service, and how you
    can export or delete all of it whenever you like.
  </p>
);

export const privacyPolicySections: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    content: (
      <>
        <p>
          Garage Ledger (“Garage Ledger”, “we”, “us”) is an online service for vehicle owners and
          car enthusiasts to keep the records of their vehicles in one place: maintenance, repairs,
          modifications, documents, photos and expenses, with maintenance reminders and spending
          analytics.
        </p>
        <p>
          This Privacy Policy applies to the Garage Ledger website and web application, including
          this public site and your signed-in garage (together, the “Service”). It describes the
          personal information we collect, how we use and share it, and the choices and rights you
          have. It should be read together with our{' '}
          <Link href="/terms-of-service">Terms of Service</Link>.
        </p>
        <p>
          By creating an account or using the Service you acknowledge that your information will be
          handled as described here. If you do not agree, please do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    content: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your first name, last name, e-mail address and
            password when you register. We store your password only as an Argon2id hash; we never
            store or see it in readable form. We also keep a username, the date your account was
            created and the time of your last sign-in.
          </li>
          <li>
            <strong>Vehicle information:</strong> the vehicles you add, such as year, make, model,
            trim, color, mileage, VIN, license plate, purchase date and price, current value, notes
            and photos.
          </li>
          <li>
            <strong>Records:</strong> maintenance, repair and modification entries, with their
            dates, due dates and mileages, costs, categories, descriptions, technicians, locations
            and notes.
          </li>
          <li>
            <strong>Files:</strong> the PDF documents and JPEG, PNG or WebP photos you attach to
            vehicles and records. Photos are re-encoded when you upload them, which removes their
            embedded metadata such as the GPS position where they were taken.
          </li>
          <li>
            <strong>Messages to us:</strong> what you write when you contact support, and our
            replies.
          </li>
        </ul>
        <h3>Information from services you choose to use</h3>
        <ul>
          <li>
            <strong>External sign-in:</strong> if you sign in with an external OpenID Connect
            provider instead of a password, that provider sends us a unique identifier for your
            account there, your username, e-mail address, name and, if you have one, a profile
            picture address. We never receive your password for that provider.
          </li>
          <li>
            <strong>Payments:</strong> if you subscribe to Premium, our payment processor, Stripe,
            tells us whether your subscription is active, when it renews or ends, and the customer
            and subscription identifiers it uses. Your card number, expiry date and security code
            are entered on Stripe’s page and never reach our servers.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>
            <strong>Session cookie:</strong> when you sign in we set one strictly necessary cookie
            that keeps you signed in. It contains a random token, not your personal details.
          </li>
          <li>
            <strong>Technical logs:</strong> our servers record each request’s time, the address
            requested, the response status and your IP address, and count recent sign-in attempts
            per e-mail address and IP address to stop password-guessing attacks.
          </li>
        </ul>
        <p>
          We do not use advertising cookies, third-party analytics or tracking pixels, and the
          Service loads no scripts from other companies.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    content: (
      <>
        <p>We use the information described above only to:</p>
        <ul>
          <li>
            provide the Service: store and display your vehicles, records, documents and photos,
            calculate totals such as money invested, and show expense analytics;
          </li>
          <li>
            show reminders for maintenance that is due soon, such as services due in the next 7
            days;
          </li>
          <li>create and secure your account, keep you signed in and verify it is really you;</li>
          <li>
            protect the Service and its users, for example by limiting repeated failed sign-ins,
            refusing requests forged by other websites and investigating misuse;
          </li>
          <li>manage your plan, including the limits of the free plan and Premium payments;</li>
          <li>answer your questions and support requests;</li>
          <li>
            tell you about important changes to the Service, this policy or our Terms of Service;
          </li>
          <li>meet our legal, tax and accounting obligations.</li>
        </ul>
        <p>
          Where the law asks for a legal basis, we rely on performing our contract with you, our
          legitimate interest in keeping the Service secure and working, and compliance with legal
          obligations. We do not sell your personal information, we do not share it for
          cross-context behavioral advertising, and we do not use your records to profile you.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Your Information',
    content: (
      <>
        <p>
          Your garage is private. Other users cannot see your vehicles, records or files, and every
          file is served only to the account that uploaded it. We share information only in these
          cases:
        </p>
        <ul>
          <li>
            <strong>Stripe</strong>, our payment processor, when you upgrade: we pass your e-mail
            address and an account reference so that your payment is credited to the right account.
            Stripe handles your payment details under its own privacy policy.
          </li>
          <li>
            <strong>Your sign-in provider</strong>, if you choose to sign in with an external OpenID
            Connect provider, which learns that you signed in to Garage Ledger.
          </li>
          <li>
            <strong>Infrastructure providers</strong> that host our servers and database for us,
            bound by contract to use the data only to provide that service.
          </li>
          <li>
            <strong>Legal reasons:</strong> when we must by law, court order or a valid request from
            a public authority, or to protect the rights, property or safety of our users, the
            public or Garage Ledger.
          </li>
          <li>
            <strong>Business transfers:</strong> if Garage Ledger is merged, acquired or sold, your
            information may pass to the new owner, who will remain bound by this policy; we will
            tell you before that happens.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    content: (
      <>
        <p>
          We protect your information with measures that fit a service holding personal records:
        </p>
        <ul>
          <li>connections to the Service are encrypted with HTTPS;</li>
          <li>passwords are stored only as Argon2id hashes;</li>
          <li>
            the session cookie cannot be read by scripts (HttpOnly), is not sent with requests from
            other websites (SameSite) and travels only over HTTPS; we store only a hash of its
            token, and sessions end when you sign out, change your password or delete your account;
          </li>
          <li>
            uploaded files are stored in our database, each at an unguessable address, and are
            served only to their owner; every file type is checked from its contents, not its name;
          </li>
          <li>repeated failed sign-in attempts are blocked for a period of time.</li>
        </ul>
        <p>
          No method of transmission or storage is completely secure, so we cannot guarantee absolute
          security. If a breach affects your personal information, we will notify you and the
          relevant authorities as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights and Choices',
    content: (
      <>
        <p>You stay in control of your information. From Account Settings you can:</p>
        <ul>
          <li>
            <strong>Access and correct</strong> your details: view your account information and
            change your e-mail address in the Profile tab, and edit any vehicle or record at any
            time.
          </li>
          <li>
            <strong>Export</strong> everything: the Data tab’s Export Data button downloads a JSON
            file with your account details, vehicles, records, documents and the list of your files.
          </li>
          <li>
            <strong>Delete</strong> your account: the Data tab’s Delete Account button permanently
            removes your account and all of its data. If you sign in through an external provider,
            only your Garage Ledger data is deleted; your account with the provider stays active.
          </li>
          <li>
            <strong>Change your password or sign out</strong> from the Security tab.
          </li>
        </ul>
        <p>
          Depending on where you live, for example in the European Economic Area, the United Kingdom
          or California, you may also have the right to object to or restrict certain processing, to
          receive your data in a portable format, and to complain to your data protection authority.
          We will not treat you differently for exercising these rights. To make a request we cannot
          handle through Account Settings, write to <SupportEmailLink />; we answer within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    content: (
      <>
        <ul>
          <li>
            We keep your account and garage for as long as your account exists, so that your vehicle
            history is there when you need it.
          </li>
          <li>
            Deleting a vehicle deletes its records, photos and files at once. Deleting your account
            deletes all of your data and ends all of your sessions.
          </li>
          <li>Sessions expire after 30 days without use.</li>
          <li>
            Counts of failed sign-in attempts are used for 15 minutes; technical logs are kept only
            as long as needed to run and secure the Service.
          </li>
          <li>
            Copies of deleted data can remain in our backups until those backups expire on their
            regular rotation; they are never restored to the live Service except to recover from a
            failure.
          </li>
          <li>
            Records we must keep by law, such as records of payments, are kept for the period the
            law requires. Stripe keeps its own payment records under its own policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children’s Privacy',
    content: (
      <>
        <p>
          The Service is not directed to children under 13, and children under 13 may not create an
          account. We do not knowingly collect personal information from children under 13.
        </p>
        <p>
          If you believe that a child under 13 has given us personal information, please contact us
          at <SupportEmailLink /> and we will delete the account and its data promptly.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    content: (
      <>
        <p>
          We may update this Privacy Policy as the Service evolves or the law changes. When we do,
          we change the “Last updated” date at the top of this page. If a change materially affects
          how we use your personal information, we will tell you in the Service or by e-mail before
          it takes effect.
        </p>
        <p>
          Continuing to use the Service after a change takes effect means you accept the updated
          policy. If you do not, you can export your data and delete your account at any time.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    content: (
      <>
        <p>
          Questions, requests or complaints about this Privacy Policy or your personal information
          are welcome. Write to us at <SupportEmailLink /> and mention “Privacy” in the subject line
          so that your message reaches the right person quickly.
        </p>
      </>
    ),
  },
];
