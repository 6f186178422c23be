import type { ContentPack } from '../types';

export const deDE: ContentPack = {
  help: {
    order: {
      question: 'Wie bestelle ich?',
      answer:
        'Öffnen Sie ein Produkt, wählen Sie Variante und Menge und tippen Sie auf „In den Warenkorb“ oder „Jetzt kaufen“. Markieren Sie im Warenkorb die gewünschten Artikel, tippen Sie auf „Zur Kasse“, wählen Sie eine Lieferadresse und senden Sie die Bestellung ab. Artikel mehrerer Shops werden zu je einer Bestellung pro Shop, die Sie zusammen in einer Zahlung bezahlen.',
    },
    pay: {
      question: 'Wie bezahle ich eine Bestellung?',
      answer:
        'Bestellungen werden mit dem Guthaben Ihres Wallets bezahlt: Prüfen Sie den Betrag, geben Sie Ihr Zahlungspasswort ein und bestätigen Sie. Reicht das Guthaben nicht, laden Sie zuerst auf und bezahlen Sie dann unter „Meine Bestellungen“. Eine Bestellung, die nicht innerhalb von 30 Minuten bezahlt wird, wird automatisch storniert, und die Artikel gehen zurück ins Lager.',
    },
    payPassword: {
      question: 'Was ist das Zahlungspasswort?',
      answer:
        'Eine Zahlenfolge aus mindestens 6 Ziffern, mit der Sie jede Zahlung und jede Auszahlung bestätigen. Es ist unabhängig von Ihrem Login-Passwort. Sie legen es unter Einstellungen → Sicherheit → Zahlungspasswort fest; zum Ändern brauchen Sie das alte. Nach 5 Fehleingaben sind Zahlungen 15 Minuten lang gesperrt.',
    },
    shipping: {
      question: 'Wann wird meine Bestellung versandt?',
      answer:
        'Nach der Zahlung bereitet der Shop Ihre Bestellung vor. Sobald sie versandt ist, zeigt die Bestellung „Versandt“ mit Versanddienstleister und Sendungsnummer in den Bestelldetails. Die Lieferzeit ins Ausland hängt vom Zielland und vom Zoll ab, meist ein bis drei Wochen.',
    },
    receipt: {
      question: 'Was bedeutet „Erhalt bestätigen“?',
      answer:
        'Wenn Ihr Paket angekommen und alles in Ordnung ist, tippen Sie in der Bestellung auf „Erhalt bestätigen“. Tun Sie nichts, wird der Erhalt 10 Tage nach dem Versand automatisch bestätigt. Prüfen Sie Ihr Paket also rechtzeitig und beantragen Sie bei Problemen vorher eine Rückerstattung.',
    },
    refund: {
      question: 'Wie beantrage ich eine Rückerstattung?',
      answer:
        'Öffnen Sie die Bestellung und tippen Sie auf „Rückerstattung beantragen“. Wählen Sie „Nur Rückerstattung“ oder „Rücksendung und Rückerstattung“, geben Sie an, ob Sie die Ware erhalten haben, und tragen Sie Betrag (höchstens den bezahlten), Grund, Erklärung und Fotos als Nachweis ein. Pro Bestellung ist nur ein Antrag möglich, senden Sie also alles auf einmal. Eine genehmigte Rückerstattung geht zurück auf Ihr Wallet-Guthaben.',
    },
    review: {
      question: 'Wie bewerte ich ein Produkt?',
      answer:
        'Öffnen Sie nach der Empfangsbestätigung die Bestellung und tippen Sie auf „Bewerten“. Bewerten Sie Produkt, Service und Versand, schreiben Sie ein paar Worte und fügen Sie bei Bedarf Fotos hinzu. Sind alle Artikel bewertet, ist die Bestellung abgeschlossen. Bitte bewerten Sie ehrlich und höflich.',
    },
    topUp: {
      question: 'Wie lade ich mein Wallet auf?',
      answer:
        'Gehen Sie zu Profil → Aufladen und wählen Sie Krypto (On-Chain), Karte oder manuelle Aufladung. Bei Krypto wählen Sie das Netzwerk, senden den Betrag an die angezeigte Adresse und laden den Zahlungsnachweis hoch. Jede Aufladung wird geprüft; nach der Freigabe wird der tatsächlich eingegangene Betrag gutgeschrieben. Den Stand sehen Sie unter „Aufladungen“. Einzahlungen über dezentrale Börsen (DEX), BSC oder HECO werden nicht unterstützt.',
    },
    withdraw: {
      question: 'Wie funktionieren Auszahlungen?',
      answer:
        'Gehen Sie zu Profil → Auszahlen, wählen Sie eine Bankkarte oder eine On-Chain-Adresse, geben Sie den Betrag ein und bestätigen Sie mit Ihrem Zahlungspasswort. Betrag und Servicegebühr werden bis zur Prüfung zurückgehalten: Wird die Auszahlung freigegeben, wird das Geld überwiesen; wird sie abgelehnt, kehrt es auf Ihr Guthaben zurück. Wählen Sie bei On-Chain-Auszahlungen dasselbe Netzwerk wie die empfangende Plattform.',
    },
    security: {
      question: 'Wie schütze ich mein Konto?',
      answer:
        'Geben Sie Login-Passwort, Zahlungspasswort und Codes niemals weiter: Unsere Mitarbeiter fragen nie danach. Verwenden Sie ein Login-Passwort, das Sie nirgendwo sonst nutzen, und melden Sie sich auf gemeinsam genutzten Geräten ab. In Telegram sind Sie mit Ihrem Telegram-Konto angemeldet, schützen Sie also auch dieses.',
    },
    forgotPassword: {
      question: 'Ich habe mein Passwort vergessen. Was nun?',
      answer:
        'In Telegram sind Sie mit Ihrem Telegram-Konto angemeldet und brauchen kein Passwort. Andernfalls wenden Sie sich über diese Seite an den Kundenservice: Nachdem geprüft wurde, dass das Konto Ihnen gehört, hilft man Ihnen beim Zurücksetzen. Ihr Login-Passwort können Sie jederzeit unter Einstellungen → Sicherheit ändern.',
    },
    language: {
      question: 'Wie ändere ich die Sprache?',
      answer:
        'Unter Einstellungen → Sprache wählen Sie eine von acht Sprachen: Englisch, Chinesisch, Japanisch, Koreanisch, Thailändisch, Deutsch, Russisch oder Türkisch. Ihre Wahl wird in Ihrem Konto gespeichert. Preise werden immer in US-Dollar angezeigt.',
    },
    service: {
      question: 'Wie erreiche ich den Kundenservice?',
      answer:
        'Tippen Sie auf dieser Seite auf „Kundenservice kontaktieren“, um mit unserem Team in Telegram zu chatten. Nennen Sie Ihre Bestellnummer oder den Zeitpunkt Ihrer Aufladung oder Auszahlung, damit wir Ihnen schneller helfen können.',
    },
  },
  terms: {
    title: 'Nutzungsbedingungen',
    sections: {
      about: {
        heading: '1. Über diese Bedingungen',
        paragraphs: [
          'International E-commerce („SHOP“, „wir“) betreibt einen Marktplatz, auf dem unabhängige Shops Produkte an Kunden in vielen Ländern verkaufen. Diese Bedingungen gelten, wann immer Sie die SHOP-Mini-App, ihre Website oder ihren Bot nutzen.',
          'Mit dem Anlegen eines Kontos oder einer Bestellung akzeptieren Sie diese Bedingungen. Wenn Sie nicht einverstanden sind, nutzen Sie den Dienst bitte nicht.',
        ],
      },
      account: {
        heading: '2. Ihr Konto',
        paragraphs: [
          'Machen Sie korrekte Angaben und halten Sie sie aktuell. Ein Konto gehört einer Person und darf weder verkauft noch geteilt werden.',
          'Sie sind für alles verantwortlich, was in Ihrem Konto geschieht. Halten Sie Login- und Zahlungspasswort geheim und informieren Sie sofort den Kundenservice, wenn Sie glauben, dass jemand anderes sie benutzt hat.',
        ],
      },
      orders: {
        heading: '3. Bestellungen und Preise',
        paragraphs: [
          'Preise sind in US-Dollar angegeben und enthalten die an der Kasse gezeigten Versandkosten. Der Kaufvertrag kommt zwischen Ihnen und dem Shop zustande, der das Produkt verkauft; wir betreiben die Plattform und wickeln die Zahlung ab.',
          'Mit dem Absenden einer Bestellung werden die Artikel reserviert. Eine Bestellung, die nicht rechtzeitig bezahlt wird, wird automatisch storniert.',
        ],
      },
      wallet: {
        heading: '4. Wallet, Aufladungen und Auszahlungen',
        paragraphs: [
          'Ihr Wallet-Guthaben dient zum Bezahlen von Bestellungen bei SHOP. Es ist kein Bankkonto und wird nicht verzinst.',
          'Aufladungen und Auszahlungen werden erst nach einer Prüfung wirksam. Gutgeschrieben wird der tatsächlich eingegangene Betrag; bei einer Auszahlung fällt die vor der Bestätigung angezeigte Servicegebühr an. Transaktionen, die nach Betrug oder einem Gesetzesverstoß aussehen, können wir ablehnen oder zurückhalten.',
          'Krypto-Überweisungen lassen sich nicht rückgängig machen. Geld, das an eine falsche Adresse oder über ein nicht unterstütztes Netzwerk gesendet wird, kann verloren gehen; prüfen Sie die Angaben daher sorgfältig.',
        ],
      },
      shipping: {
        heading: '5. Versand und Zoll',
        paragraphs: [
          'Die Shops versenden an die von Ihnen gewählte Adresse. Lieferzeiten sind Schätzungen und hängen von Versanddienstleistern und Zoll ab.',
          'Einfuhrzölle und Steuern des Ziellandes trägt, soweit sie anfallen, der Empfänger, sofern die Produktseite nichts anderes angibt.',
        ],
      },
      refunds: {
        heading: '6. Rückerstattungen und Kundendienst',
        paragraphs: [
          'Sie können pro Bestellung einmal eine Rückerstattung beantragen, nach der Zahlung und bevor die Bestellung abgeschlossen ist. Die Rückerstattung darf den bezahlten Betrag nicht übersteigen.',
          'Der Shop und unser Team prüfen den Antrag. Eine genehmigte Rückerstattung wird Ihrem Wallet-Guthaben gutgeschrieben; ist eine Rücksendung nötig, schicken Sie die Ware wie beschrieben zurück.',
        ],
      },
      reviews: {
        heading: '7. Bewertungen und Verhalten',
        paragraphs: [
          'Bewertungen müssen Ihre eigenen Erfahrungen mit dem Produkt wiedergeben. Veröffentlichen Sie keine Beleidigungen, Werbung, personenbezogenen Daten anderer oder rechtswidrigen Inhalte; solche Inhalte können wir entfernen.',
          'Konten, die für Betrug, den Missbrauch von Rückerstattungen oder Verstöße gegen diese Bedingungen genutzt werden, können wir sperren.',
        ],
      },
      liability: {
        heading: '8. Haftung und Änderungen',
        paragraphs: [
          'Wir bemühen uns, SHOP verfügbar und korrekt zu halten, können aber keinen unterbrechungsfreien Betrieb versprechen. Soweit gesetzlich zulässig, haften wir nicht für mittelbare Schäden.',
          'Wir können diese Bedingungen aktualisieren; das Datum oben zeigt die aktuelle Fassung, und wichtige Änderungen kündigen wir in der App an. Fragen? Wenden Sie sich an den Kundenservice.',
        ],
      },
    },
  },
  privacy: {
    title: 'Datenschutzerklärung',
    sections: {
      collect: {
        heading: '1. Welche Daten wir erheben',
        paragraphs: [
          'Kontodaten, die Sie uns geben: Kontoname, Name, E-Mail-Adresse, Mobilnummer und Profilbild. Wenn Sie SHOP in Telegram öffnen: Ihre Telegram-Benutzer-ID, Ihren Namen und Ihre Sprache.',
          'Was Sie im Shop tun: Lieferadressen, Bestellungen, Rückerstattungen, Bewertungen, Favoriten, gefolgte Shops, Wallet-Transaktionen und hochgeladene Zahlungsnachweise. Technische Daten wie IP-Adresse und Zeitpunkt von Anfragen werden in unseren Protokollen gespeichert.',
        ],
      },
      use: {
        heading: '2. Wofür wir sie verwenden',
        paragraphs: [
          'Um Ihr Konto zu führen, Bestellungen abzuwickeln und zu liefern, Zahlungen, Aufladungen, Auszahlungen und Rückerstattungen zu bearbeiten, Ihnen über unseren Bot Bestellbenachrichtigungen zu senden, Ihre Nachrichten zu beantworten sowie Betrug und Missbrauch zu verhindern.',
        ],
      },
      share: {
        heading: '3. An wen wir sie weitergeben',
        paragraphs: [
          'Der Shop, der Ihre Bestellung ausführt, erhält Name, Telefonnummer und Adresse für den Versand, und Versanddienstleister erhalten sie für die Zustellung. Zahlungsdienstleister und Blockchain-Netzwerke sehen die Überweisungen, die Sie tätigen.',
          'An Behörden geben wir Daten nur heraus, wenn das Gesetz es verlangt. Wir verkaufen Ihre personenbezogenen Daten niemals.',
        ],
      },
      protect: {
        heading: '4. Wie wir sie schützen',
        paragraphs: [
          'Login- und Zahlungspasswörter werden nur als sichere Hashwerte gespeichert. Bankkartennummern werden verschlüsselt gespeichert und nur mit den letzten vier Ziffern angezeigt. Zugriff auf personenbezogene Daten haben nur Mitarbeiter, die ihn brauchen.',
        ],
      },
      keep: {
        heading: '5. Wie lange wir sie speichern',
        paragraphs: [
          'Wir speichern Ihre Daten, solange Ihr Konto besteht. Bestell- und Wallet-Aufzeichnungen bewahren wir so lange auf, wie es Buchhaltungs- und Steuerrecht verlangen, auch nach Schließung eines Kontos.',
        ],
      },
      choices: {
        heading: '6. Ihre Rechte',
        paragraphs: [
          'Sie können Profil und Adressen in der App jederzeit einsehen und bearbeiten und die Sprache ändern. Beim Kundenservice können Sie eine Kopie Ihrer Daten oder die Löschung Ihres Kontos verlangen. Um keine Benachrichtigungen mehr zu erhalten, blockieren oder stummschalten Sie den Bot in Telegram.',
        ],
      },
      changes: {
        heading: '7. Änderungen und Kontakt',
        paragraphs: [
          'Wir können diese Erklärung aktualisieren; das Datum oben zeigt die aktuelle Fassung. Bei Fragen zu Ihren Daten wenden Sie sich an den Kundenservice.',
        ],
      },
    },
  },
};
