import type { ContentPack } from '../types';

export const trTR: ContentPack = {
  help: {
    order: {
      question: 'Nasıl sipariş veririm?',
      answer:
        'Bir ürünü açın, seçeneğini ve adedini belirleyin, ardından "Sepete ekle" ya da "Hemen al" düğmesine dokunun. Sepette almak istediğiniz ürünleri işaretleyin, "Ödemeye geç"e dokunun, bir teslimat adresi seçin ve siparişi gönderin. Birden fazla mağazanın ürünleri her mağaza için ayrı bir siparişe dönüşür ve tek ödemede birlikte ödenir.',
    },
    pay: {
      question: 'Siparişi nasıl öderim?',
      answer:
        'Siparişler cüzdan bakiyenizden ödenir: tutarı kontrol edin, ödeme şifrenizi girin ve onaylayın. Bakiyeniz yetmiyorsa önce yükleme yapın, sonra siparişi "Siparişlerim" bölümünden ödeyin. 30 dakika içinde ödenmeyen sipariş otomatik olarak iptal edilir ve ürünler stoğa geri döner.',
    },
    payPassword: {
      question: 'Ödeme şifresi nedir?',
      answer:
        'Her ödemeyi ve para çekme işlemini onaylayan, en az 6 haneli bir rakam dizisidir. Giriş şifrenizden ayrıdır. Ayarlar → Güvenlik → Ödeme şifresi bölümünden belirlenir; değiştirmek için eski şifre gerekir. 5 hatalı denemeden sonra ödemeler 15 dakika kilitlenir.',
    },
    shipping: {
      question: 'Siparişim ne zaman kargolanır?',
      answer:
        'Ödeme yapıldıktan sonra mağaza siparişinizi hazırlar. Kargolandığında sipariş "Kargoya verildi" olarak görünür ve sipariş ayrıntılarında kargo firması ile takip numarası yer alır. Yurt dışı teslimat süresi varış yerine ve gümrüğe bağlıdır, genellikle bir ila üç haftadır.',
    },
    receipt: {
      question: '"Teslim alındı" onayı ne demek?',
      answer:
        'Paketiniz geldiğinde ve her şey yolundaysa siparişte "Teslim aldım" düğmesine dokunun. Hiçbir şey yapmazsanız teslimat, kargolamadan 10 gün sonra otomatik olarak onaylanır. Bu yüzden paketinizi zamanında kontrol edin ve bir sorun varsa bu süreden önce iade talep edin.',
    },
    refund: {
      question: 'Nasıl iade talep ederim?',
      answer:
        'Siparişi açın ve "İade talep et"e dokunun. Yalnızca para iadesi ya da ürün iadesi ve para iadesi seçeneğini belirleyin, ürünü alıp almadığınızı seçin; tutarı (en fazla ödediğiniz kadar), nedeni, açıklamayı girin ve kanıt olarak fotoğraf ekleyin. Her sipariş için yalnızca bir iade talebi yapılabilir, bu yüzden her şeyi tek seferde gönderin. Onaylanan iade cüzdan bakiyenize geri yüklenir.',
    },
    review: {
      question: 'Bir ürünü nasıl değerlendiririm?',
      answer:
        'Teslim aldığınızı onayladıktan sonra siparişi açın ve "Değerlendir"e dokunun. Ürünü, hizmeti ve kargoyu puanlayın, birkaç kelime yazın ve isterseniz fotoğraf ekleyin. Tüm ürünler değerlendirildiğinde sipariş tamamlanır. Lütfen dürüst ve nazik değerlendirmeler yazın.',
    },
    topUp: {
      question: 'Cüzdanıma nasıl para yüklerim?',
      answer:
        'Profil → Bakiye yükle bölümüne gidin ve zincir üstü kripto, kart ya da manuel yüklemeyi seçin. Kripto için ağı seçin, tutarı gösterilen adrese gönderin ve ödeme kanıtını yükleyin. Her yükleme incelenir; onaylandığında gerçekte ulaşan tutar hesabınıza geçer. Durumunu "Yükleme geçmişi"nde görebilirsiniz. Merkeziyetsiz borsalar (DEX), BSC veya HECO üzerinden yatırma desteklenmez.',
    },
    withdraw: {
      question: 'Para çekme nasıl işler?',
      answer:
        'Profil → Para çek bölümüne gidin, bir banka kartı ya da zincir üstü adres seçin, tutarı girin ve ödeme şifrenizle onaylayın. Tutar ve hizmet bedeli inceleme bitene kadar bloke edilir: onaylanırsa para gönderilir, reddedilirse bakiyenize geri döner. Zincir üstü çekimlerde alıcı platformla aynı ağı seçin.',
    },
    security: {
      question: 'Hesabımı nasıl güvende tutarım?',
      answer:
        'Giriş şifrenizi, ödeme şifrenizi ve kodlarınızı kimseyle paylaşmayın: çalışanlarımız bunları asla istemez. Başka yerde kullanmadığınız bir giriş şifresi seçin ve ortak cihazlarda oturumu kapatın. Telegram içinde Telegram hesabınızla giriş yaparsınız, bu yüzden o hesabı da koruyun.',
    },
    forgotPassword: {
      question: 'Şifremi unuttum. Ne yapmalıyım?',
      answer:
        'Telegram içinde Telegram hesabınızla giriş yaparsınız ve şifreye ihtiyacınız olmaz. Diğer durumlarda bu sayfadan müşteri hizmetlerine ulaşın: hesabın size ait olduğu doğrulandıktan sonra şifrenizi sıfırlamanıza yardımcı olunur. Giriş şifrenizi istediğiniz zaman Ayarlar → Güvenlik bölümünden değiştirebilirsiniz.',
    },
    language: {
      question: 'Dili nasıl değiştiririm?',
      answer:
        'Ayarlar → Dil bölümünden sekiz dilden birini seçin: İngilizce, Çince, Japonca, Korece, Tayca, Almanca, Rusça veya Türkçe. Seçiminiz hesabınıza kaydedilir. Fiyatlar her zaman ABD doları olarak gösterilir.',
    },
    service: {
      question: 'Müşteri hizmetlerine nasıl ulaşırım?',
      answer:
        'Ekibimizle Telegram üzerinden yazışmak için bu sayfadaki "Müşteri hizmetleriyle iletişime geç"e dokunun. Size daha hızlı yardımcı olabilmemiz için sipariş numaranızı ya da yükleme veya para çekme zamanını belirtin.',
    },
  },
  terms: {
    title: 'Hizmet koşulları',
    sections: {
      about: {
        heading: '1. Bu koşullar hakkında',
        paragraphs: [
          'International E-commerce ("SHOP", "biz"), bağımsız mağazaların birçok ülkedeki alışverişçilere ürün sattığı bir pazar yeri işletir. Bu koşullar, SHOP mini uygulamasını, web sitesini veya botunu her kullandığınızda geçerlidir.',
          'Hesap oluşturarak ya da sipariş vererek bu koşulları kabul etmiş olursunuz. Kabul etmiyorsanız lütfen hizmeti kullanmayın.',
        ],
      },
      account: {
        heading: '2. Hesabınız',
        paragraphs: [
          'Doğru bilgiler verin ve bunları güncel tutun. Bir hesap tek bir kişiye aittir; satılamaz ve paylaşılamaz.',
          'Hesabınızda olan her şeyden siz sorumlusunuz. Giriş şifrenizi ve ödeme şifrenizi gizli tutun; başka birinin kullandığından şüphelenirseniz hemen müşteri hizmetlerine bildirin.',
        ],
      },
      orders: {
        heading: '3. Siparişler ve fiyatlar',
        paragraphs: [
          'Fiyatlar ABD doları cinsindendir ve ödeme sırasında gösterilen kargo ücretini içerir. Satış sözleşmesi sizinle ürünü satan mağaza arasında kurulur; biz platformu işletir ve ödemeyi yürütürüz.',
          'Siparişi gönderdiğinizde ürünler sizin için ayrılır. Zamanında ödenmeyen sipariş otomatik olarak iptal edilir.',
        ],
      },
      wallet: {
        heading: '4. Cüzdan, yükleme ve para çekme',
        paragraphs: [
          'Cüzdan bakiyeniz SHOP üzerindeki siparişleri ödemek içindir. Bir banka hesabı değildir ve faiz getirmez.',
          'Yüklemeler ve para çekme işlemleri incelendikten sonra geçerli olur. Yüklemede gerçekte ulaşan tutar hesaba geçer; para çekmede onaydan önce gösterilen hizmet bedeli alınır. Dolandırıcılık ya da yasa ihlali gibi görünen işlemleri reddedebilir veya bekletebiliriz.',
          'Kripto transferleri geri alınamaz. Yanlış adrese veya desteklenmeyen bir ağ üzerinden gönderilen para kaybolabilir, bu yüzden bilgileri dikkatle kontrol edin.',
        ],
      },
      shipping: {
        heading: '5. Kargo ve gümrük',
        paragraphs: [
          'Mağazalar seçtiğiniz adrese gönderim yapar. Teslimat süreleri tahminidir ve kargo firmalarına ve gümrüğe bağlıdır.',
          'Varış ülkesinin gümrük vergileri ve diğer vergiler, varsa, ürün sayfasında aksi belirtilmedikçe alıcı tarafından ödenir.',
        ],
      },
      refunds: {
        heading: '6. İadeler ve satış sonrası',
        paragraphs: [
          'Her sipariş için, ödemeden sonra ve sipariş tamamlanmadan önce bir kez iade talep edebilirsiniz. İade tutarı ödediğiniz tutarı aşamaz.',
          'Talebi mağaza ve ekibimiz inceler. Onaylanan iade cüzdan bakiyenize yatırılır; ürünün geri gönderilmesi gerekiyorsa talimatlara göre gönderin.',
        ],
      },
      reviews: {
        heading: '7. Değerlendirmeler ve davranış kuralları',
        paragraphs: [
          'Değerlendirmeler ürünle ilgili kendi deneyiminizi anlatmalıdır. Hakaret, reklam, başkalarının kişisel verileri veya yasa dışı içerik paylaşmayın; bu tür içerikleri kaldırabiliriz.',
          'Dolandırıcılık, iadelerin kötüye kullanılması veya bu koşulların ihlali için kullanılan hesapları askıya alabiliriz.',
        ],
      },
      liability: {
        heading: '8. Sorumluluk ve değişiklikler',
        paragraphs: [
          'SHOP’u erişilebilir ve doğru tutmak için çalışırız, ancak hiç kesinti olmayacağını garanti edemeyiz. Yasaların izin verdiği ölçüde dolaylı zararlardan sorumlu değiliz.',
          'Bu koşulları güncelleyebiliriz; yukarıdaki tarih geçerli sürümü gösterir ve önemli değişiklikler uygulamada duyurulur. Sorunuz mu var? Müşteri hizmetlerine ulaşın.',
        ],
      },
    },
  },
  privacy: {
    title: 'Gizlilik politikası',
    sections: {
      collect: {
        heading: '1. Topladığımız bilgiler',
        paragraphs: [
          'Bize verdiğiniz hesap bilgileri: hesap adı, ad, e-posta, cep telefonu numarası ve profil fotoğrafı. SHOP’u Telegram’da açtığınızda: Telegram kullanıcı kimliğiniz, adınız ve diliniz.',
          'Mağazadaki işlemleriniz: teslimat adresleri, siparişler, iadeler, değerlendirmeler, favoriler, takip ettiğiniz mağazalar, cüzdan hareketleri ve yüklediğiniz ödeme kanıtları. IP adresi ve istek zamanları gibi teknik veriler kayıtlarımızda tutulur.',
        ],
      },
      use: {
        heading: '2. Bilgileri nasıl kullanırız',
        paragraphs: [
          'Hesabınızı yönetmek, siparişleri işleyip teslim etmek, ödemeleri, yüklemeleri, para çekmeleri ve iadeleri yürütmek, botumuz aracılığıyla sipariş bildirimleri göndermek, mesajlarınızı yanıtlamak ve dolandırıcılığı ve kötüye kullanımı önlemek için.',
        ],
      },
      share: {
        heading: '3. Bilgileri kimlerle paylaşırız',
        paragraphs: [
          'Siparişinizi hazırlayan mağaza, gönderim için gereken ad, telefon ve adresi alır; kargo firmaları da teslimat için bunları alır. Ödeme hizmeti sağlayıcıları ve blokzincir ağları yaptığınız transferleri görür.',
          'Verileri yalnızca yasa gerektirdiğinde resmî makamlara açıklarız. Kişisel verilerinizi asla satmayız.',
        ],
      },
      protect: {
        heading: '4. Bilgileri nasıl koruruz',
        paragraphs: [
          'Giriş şifreleri ve ödeme şifreleri yalnızca güvenli özetler (hash) olarak saklanır. Banka kartı numaraları şifrelenmiş olarak saklanır ve yalnızca son dört hanesiyle gösterilir. Kişisel verilere yalnızca ihtiyacı olan çalışanlar erişebilir.',
        ],
      },
      keep: {
        heading: '5. Bilgileri ne kadar süre saklarız',
        paragraphs: [
          'Verilerinizi hesabınız var olduğu sürece saklarız. Sipariş ve cüzdan kayıtları, hesap kapatıldıktan sonra bile muhasebe ve vergi mevzuatının gerektirdiği süre boyunca saklanır.',
        ],
      },
      choices: {
        heading: '6. Haklarınız',
        paragraphs: [
          'Profilinizi ve adreslerinizi uygulamada istediğiniz zaman görüntüleyip düzenleyebilir, dili değiştirebilirsiniz. Müşteri hizmetlerinden verilerinizin bir kopyasını veya hesabınızın silinmesini isteyebilirsiniz. Bildirim almak istemiyorsanız Telegram’da botu engelleyin veya sessize alın.',
        ],
      },
      changes: {
        heading: '7. Değişiklikler ve iletişim',
        paragraphs: [
          'Bu politikayı güncelleyebiliriz; yukarıdaki tarih geçerli sürümü gösterir. Verilerinizle ilgili her türlü soru için müşteri hizmetlerine ulaşın.',
        ],
      },
    },
  },
};
