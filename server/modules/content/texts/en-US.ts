import type { ContentPack } from '../types';

export const enUS: ContentPack = {
  help: {
    order: {
      question: 'How do I place an order?',
      answer:
        'Open a product, choose its options and quantity, and tap "Add to bag" or "Buy now". In the bag, tick the items you want, tap "Check out", choose a shipping address and submit. Items from several shops become one order per shop, paid together in one payment.',
    },
    pay: {
      question: 'How do I pay for an order?',
      answer:
        'Orders are paid from your wallet balance: check the total, enter your payment password and confirm. If your balance is too low, top up first and then pay the order from "My orders". An order left unpaid is cancelled automatically after 30 minutes and its items go back into stock.',
    },
    payPassword: {
      question: 'What is the payment password?',
      answer:
        'A code of at least 6 digits that confirms every payment and withdrawal. It is separate from your login password. Set it up in Settings → Security → Payment password; to change it you need the old one. After 5 wrong attempts, payments are locked for 15 minutes.',
    },
    shipping: {
      question: 'When will my order be shipped?',
      answer:
        'The shop prepares your order once it is paid. When it is shipped, the order shows "Delivered" with the carrier and tracking number in the order details. Cross-border delivery time depends on the destination and customs, usually one to three weeks.',
    },
    receipt: {
      question: 'What does "Confirm receipt" mean?',
      answer:
        'When your parcel arrives and everything is in order, tap "Confirm receipt" in the order. If you do nothing, the order is confirmed automatically 10 days after shipping, so check your parcel in time and apply for a refund before then if something is wrong.',
    },
    refund: {
      question: 'How do I ask for a refund?',
      answer:
        'Open the order and tap "Apply for refund". Choose a refund only or a return and refund, say whether you received the goods, and enter the amount (at most what you paid), the reason, an explanation and photos as proof. Each order allows only one refund request, so include everything at once. An approved refund goes back to your wallet balance.',
    },
    review: {
      question: 'How do I review a product?',
      answer:
        'After you confirm receipt, open the order and tap "Review". Rate the product, the service and the shipping, write a few words and add photos if you like. Once every item is reviewed, the order is completed. Please keep reviews honest and polite.',
    },
    topUp: {
      question: 'How do I top up my wallet?',
      answer:
        'Go to Profile → Top up and choose on-chain crypto, card or manual top-up. For crypto, pick the network, send the amount to the address shown and upload the payment evidence. Each top-up is reviewed, and the amount actually received is credited when it passes; see its status in Top-up records. Deposits through decentralised exchanges, BSC or HECO are not supported.',
    },
    withdraw: {
      question: 'How do withdrawals work?',
      answer:
        'Go to Profile → Withdraw, choose a bank card or an on-chain address, enter the amount and confirm with your payment password. The amount and the service charge are put on hold until the withdrawal is reviewed: if it passes, the money is sent; if it is refused, it returns to your balance. For on-chain withdrawals, choose the same network as the receiving platform.',
    },
    security: {
      question: 'How do I keep my account safe?',
      answer:
        'Never share your login password, payment password or codes with anyone: our staff will never ask for them. Use a login password you do not use elsewhere and log out on shared devices. Inside Telegram you are logged in with your Telegram account, so protect that account too.',
    },
    forgotPassword: {
      question: 'I forgot my password. What now?',
      answer:
        'Inside Telegram you are logged in with your Telegram account and do not need the password. Otherwise contact customer service from this page: after checking that the account is yours, they will help you reset it. You can change your login password any time in Settings → Security.',
    },
    language: {
      question: 'How do I change the language?',
      answer:
        'Go to Settings → Language and choose one of eight languages: English, Chinese, Japanese, Korean, Thai, German, Russian or Turkish. Your choice is saved to your account. Prices are always shown in US dollars.',
    },
    service: {
      question: 'How do I contact customer service?',
      answer:
        'Tap "Contact customer service" on this page to chat with our team in Telegram. Mention your order number or the time of your top-up or withdrawal so we can help you faster.',
    },
  },
  terms: {
    title: 'Terms of service',
    sections: {
      about: {
        heading: '1. About these terms',
        paragraphs: [
          'International E-commerce ("SHOP", "we") runs a marketplace where independent shops sell products to shoppers in many countries. These terms apply whenever you use the SHOP Mini App, its website or its bot.',
          'By creating an account or placing an order you accept these terms. If you do not agree, please do not use the service.',
        ],
      },
      account: {
        heading: '2. Your account',
        paragraphs: [
          'Give correct details and keep them up to date. An account is for one person and may not be sold or shared.',
          'You are responsible for what happens in your account. Keep your login password and payment password secret and tell customer service at once if you think someone else has used them.',
        ],
      },
      orders: {
        heading: '3. Orders and prices',
        paragraphs: [
          'Prices are in US dollars and include the freight shown at checkout. The contract of sale is between you and the shop that sells the product; we run the platform and handle payment.',
          'Items are reserved when you submit an order. An order that is not paid in time is cancelled automatically.',
        ],
      },
      wallet: {
        heading: '4. Wallet, top-ups and withdrawals',
        paragraphs: [
          'Your wallet balance is used to pay for orders on SHOP. It is not a bank account and earns no interest.',
          'Top-ups and withdrawals are reviewed before they take effect. A top-up is credited with the amount actually received; a withdrawal is charged the service fee shown before you confirm it. We may refuse or hold a transaction that looks fraudulent or breaks the law.',
          'Crypto transfers cannot be reversed. Funds sent to a wrong address or over an unsupported network may be lost, so check them carefully.',
        ],
      },
      shipping: {
        heading: '5. Shipping and customs',
        paragraphs: [
          'Shops ship to the address you choose. Delivery times are estimates and depend on carriers and customs.',
          'Import duties and taxes of the destination country, where they apply, are paid by the recipient unless the product page says otherwise.',
        ],
      },
      refunds: {
        heading: '6. Refunds and after-sales',
        paragraphs: [
          'You may apply for a refund once per order, after payment and before the order is completed. The refund cannot exceed what you paid.',
          'The shop and our team review the request. An approved refund is credited to your wallet balance; if a return is needed, send the goods back as instructed.',
        ],
      },
      reviews: {
        heading: '7. Reviews and conduct',
        paragraphs: [
          'Reviews must describe your own experience with the product. Do not post insults, advertising, personal data of others or anything illegal; we may remove such content.',
          'We may suspend accounts used for fraud, abuse of refunds or breaking these terms.',
        ],
      },
      liability: {
        heading: '8. Liability and changes',
        paragraphs: [
          'We work to keep SHOP available and correct but cannot promise it will always be free of interruptions. To the extent the law allows, we are not liable for indirect losses.',
          'We may update these terms; the date above shows the current version, and important changes are announced in the app. Questions? Contact customer service.',
        ],
      },
    },
  },
  privacy: {
    title: 'Privacy policy',
    sections: {
      collect: {
        heading: '1. What we collect',
        paragraphs: [
          'Account details you give us: account name, name, e-mail, mobile number and avatar. When you open SHOP in Telegram: your Telegram user id, name and language.',
          'What you do in the shop: shipping addresses, orders, refunds, reviews, favourites, followed shops, wallet transactions and payment evidence you upload. Technical data such as IP address and request times, kept in our logs.',
        ],
      },
      use: {
        heading: '2. How we use it',
        paragraphs: [
          'To run your account, process and deliver orders, handle payments, top-ups, withdrawals and refunds, send you order notifications through our bot, answer your messages and prevent fraud and abuse.',
        ],
      },
      share: {
        heading: '3. Who we share it with',
        paragraphs: [
          'The shop that fulfils your order receives the name, phone number and address needed to ship it, and carriers receive them to deliver it. Payment providers and blockchain networks see the transfers you make.',
          'We disclose data to authorities only where the law requires it. We never sell your personal data.',
        ],
      },
      protect: {
        heading: '4. How we protect it',
        paragraphs: [
          'Passwords and payment passwords are stored only as secure hashes. Bank card numbers are stored encrypted and shown back only by their last four digits. Access to personal data is limited to staff who need it.',
        ],
      },
      keep: {
        heading: '5. How long we keep it',
        paragraphs: [
          'We keep your data while your account exists. Order and wallet records are kept as long as accounting and tax law requires, even after an account is closed.',
        ],
      },
      choices: {
        heading: '6. Your choices',
        paragraphs: [
          'You can view and edit your profile and addresses in the app and change your language at any time. You can ask customer service for a copy of your data or to delete your account. To stop notifications, block or mute the bot in Telegram.',
        ],
      },
      changes: {
        heading: '7. Changes and contact',
        paragraphs: [
          'We may update this policy; the date above shows the current version. For any question about your data, contact customer service.',
        ],
      },
    },
  },
};
