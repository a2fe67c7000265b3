package app.salondesk.cli;

import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.logic.checkout.ProductRepository;
import app.salondesk.model.checkout.Product;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;

import static app.salondesk.cli.CheckoutCommand.plain;
import static app.salondesk.cli.SalesCommand.cell;

/** The products the salon sells and their stock (issue 34). */
@Command(name = "products", mixinStandardHelpOptions = true, description = "The products the salon sells and their stock (issue 34).",
        subcommands = {ProductsCommand.Add.class, ProductsCommand.ListProducts.class, ProductsCommand.Stock.class, ProductsCommand.Set.class})
final class ProductsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static Product product(Setup setup, String idOrName) throws CliInvalid {
        return setup.one(new ProductRepository(setup.dsl).list(setup.salon.id()), idOrName, Product::id, Product::name,
                "checkout.cli.unknownProduct", "checkout.cli.ambiguousProduct");
    }

    @Command(name = "add", mixinStandardHelpOptions = true, description = "Add a product (an admin's), with no stock yet. Prints product_id=N.")
    static final class Add extends SalonCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The product's name (1 to 200 characters, one per salon).")
        String name;
        @Option(names = "--price", required = true, paramLabel = "AMOUNT", description = "Its price.")
        String price;
        @Option(names = "--category", paramLabel = "TEXT", description = "Its category (hair care, nails…).")
        String category;
        @Option(names = "--low-stock", paramLabel = "N", description = "At or below this many it is on the low-stock list (default 0).")
        int lowStock;

        @Override
        int run(Setup setup) throws CliInvalid {
            CheckoutWords words = new CheckoutWords(setup.messages, setup.salon.currency());
            long id = TillCommand.refusal(new ProductRepository(setup.dsl).add(setup.salon.id(), name, category,
                    CheckoutCommand.amount(words, price, setup), lowStock), words);
            setup.out.println("product_id=" + id);
            return 0;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true, description = "Change a product's name, price, category, low-stock level, or take it off sale (an admin's).")
    static final class Set extends SalonCommand {
        @Option(names = "--product", required = true, paramLabel = "ID|NAME", description = "The product.")
        String product;
        @Option(names = "--name", paramLabel = "NAME", description = "Its new name.")
        String name;
        @Option(names = "--price", paramLabel = "AMOUNT", description = "Its new price.")
        String price;
        @Option(names = "--category", paramLabel = "TEXT", description = "Its new category.")
        String category;
        @Option(names = "--low-stock", paramLabel = "N", description = "Its new low-stock level.")
        Integer lowStock;
        @Option(names = "--active", paramLabel = "true|false", description = "Whether it is on sale.")
        Boolean active;

        @Override
        int run(Setup setup) throws CliInvalid {
            CheckoutWords words = new CheckoutWords(setup.messages, setup.salon.currency());
            Product p = product(setup, product);
            Product changed = new Product(p.id(), name == null ? p.name() : name, category == null ? p.category() : category,
                    price == null ? p.priceMinor() : CheckoutCommand.amount(words, price, setup), p.stock(), lowStock == null ? p.lowStock() : lowStock,
                    active == null ? p.active() : active);
            TillCommand.refusal(new ProductRepository(setup.dsl).update(setup.salon.id(), changed), words);
            setup.out.println("product_id=" + p.id());
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "The products, tab-separated: product_id, name, category, price, stock, low_stock, active. --low: the low-stock list.")
    static final class ListProducts extends SalonCommand {
        @Option(names = "--low", description = "Only products on sale at or below their low-stock level.")
        boolean low;

        @Override
        int run(Setup setup) {
            ProductRepository products = new ProductRepository(setup.dsl);
            List<Product> list = low ? products.low(setup.salon.id()) : products.list(setup.salon.id());
            setup.out.println("product_id\tname\tcategory\tprice\tstock\tlow_stock\tactive");
            for (Product p : list) {
                setup.out.println(p.id() + "\t" + cell(p.name()) + "\t" + cell(p.category()) + "\t" + plain(p.priceMinor(), setup.salon.currency()) + "\t"
                        + p.stock() + "\t" + p.lowStock() + "\t" + p.active());
            }
            return 0;
        }
    }

    @Command(name = "stock", mixinStandardHelpOptions = true,
            description = {"Stock received (--add N), or corrected either way with a reason (--adjust ±N --reason TEXT: an admin's).",
                    "Prints stock=N. Sales take from stock by themselves."})
    static final class Stock extends SalonCommand {
        @Option(names = "--product", required = true, paramLabel = "ID|NAME", description = "The product.")
        String product;
        @Option(names = "--add", paramLabel = "N", description = "How many arrived.")
        Integer add;
        @Option(names = "--adjust", paramLabel = "±N", description = "A correction: + found, - broken, lost, used in the salon.")
        Integer adjust;
        @Option(names = "--reason", paramLabel = "TEXT", description = "Why (needed with --adjust).")
        String reason;

        @Override
        int run(Setup setup) throws CliInvalid {
            CheckoutWords words = new CheckoutWords(setup.messages, setup.salon.currency());
            if ((add == null) == (adjust == null)) {
                throw new CliInvalid(setup.messages.get("checkout.cli.addOrAdjust"));
            }
            Product p = product(setup, product);
            int stock = TillCommand.refusal(new ProductRepository(setup.dsl).move(setup.salon.id(), p.id(), add != null ? add : adjust, adjust != null,
                    reason), words);
            setup.out.println("stock=" + stock);
            return 0;
        }
    }
}
